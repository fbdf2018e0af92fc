// The module resolve hook registered by protocol-from-source.mjs (it runs on the loader thread).
const PROTOCOL = /^@beseda\/protocol\/(.+)$/;
const SOURCE = new URL('../../../../packages/protocol/src/', import.meta.url);

/**
 * @param {string} specifier
 * @param {object} context
 * @param {(specifier: string, context: object) => Promise<unknown>} nextResolve
 */
export function resolve(specifier, context, nextResolve) {
  const match = PROTOCOL.exec(specifier);
  return nextResolve(match ? new URL(`${match[1]}.ts`, SOURCE).href : specifier, context);
}
