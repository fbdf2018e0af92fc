// `node --import tsx --import <this file>`: the child processes of the fault suite (servers, receiver) run from
// source, like vitest; `@beseda/protocol/*` resolves to the package's dist, which a fresh checkout has not built, so
// this maps it to packages/protocol/src (tsx compiles it), as vitest.config.ts's alias does.
import { register } from 'node:module';

register('./protocol-resolve-hook.mjs', import.meta.url);
