import { lookup } from 'node:dns/promises';
import { connect } from 'node:tls';
import type { Connector, Resolver } from './guarded-fetch.js';

/** Every A and AAAA answer: the guard must see all of them, not just the one the OS would pick. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};

/** A TLS socket to the checked address; the certificate is verified against the name (`servername`). */
export const tlsConnector: Connector = ({ address, port, servername }) =>
  connect({ host: address, port, servername, ALPNProtocols: ['http/1.1'] });

/** LINK_PREVIEWS=false: no name is ever looked up, so every fetch fails before any connection (a 404 preview). */
export const offlineResolver: Resolver = (hostname) =>
  Promise.reject(new Error(`link previews are turned off (LINK_PREVIEWS=false): not resolving ${hostname}`));

/** Never reached after `offlineResolver`; refuses anyway, so the pair cannot connect anywhere by mistake. */
export const offlineConnector: Connector = ({ address }) => {
  throw new Error(`link previews are turned off (LINK_PREVIEWS=false): not connecting to ${address}`);
};
