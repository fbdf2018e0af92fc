// Loaded with --import before a module under test: prints "werift loaded" to stderr if anything resolves werift.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'werift' || specifier.startsWith('werift/')) process.stderr.write('werift loaded\\n');
  return next(specifier, context);
}`),
);
