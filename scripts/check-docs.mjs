// Docs that stay true: every file path and code identifier a README or CONTEXT names in backticks must exist.
// A path is looked up beside the doc, at its package's root and at the repository's root; an identifier (a name
// with a capital letter, e.g. `fanOut`, `RealtimeClient.follow`, `API_PREFIX`) must still occur in the source.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'data', 'results', 'screenshots']);
const DOC_NAMES = new Set(['README.md', 'CONTEXT.md']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|json|html|sh)$/;
const MIME = /^(text|application|image|audio|video|multipart|font)\/[\w.+-]+$/;
const KNOWN_FILE = /\.(ts|tsx|mjs|js|cts|json|md|css|html|sql)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*(\(\))?$/;

/** @param {string} dir @param {(path: string) => void} visit */
function walk(dir, visit) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, visit);
    else visit(path);
  }
}

/** Every word that occurs in the project's code and config (what an identifier in a doc must still be), and every file name. */
/** @param {string} root */
function scanSources(root) {
  const words = new Set();
  const fileNames = new Set();
  walk(root, (path) => {
    fileNames.add(path.split('/').pop() ?? '');
    if (!SOURCE.test(path) && !path.endsWith('.ci/run')) return;
    for (const word of readFileSync(path, 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  });
  return { words, fileNames };
}

/** @param {string} root @param {string} docDir */
function packageRoot(root, docDir) {
  for (let dir = docDir; dir.startsWith(root); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dir === root) break;
  }
  return root;
}

/**
 * @param {string} root @param {string} token @param {string} docDir @param {Set<string>} fileNames
 */
function pathExists(root, token, docDir, fileNames) {
  const clean = token.replace(/[#:].*$/, '').replace(/\/$/, '');
  if (clean.startsWith('@beseda/protocol/')) {
    return existsSync(join(root, 'packages/protocol/src', `${clean.slice('@beseda/protocol/'.length)}.ts`));
  }
  const pkg = packageRoot(root, docDir);
  // Beside the doc, in a sibling feature folder, at the package's root or its src/, at the repository's root.
  const bases = [docDir, dirname(docDir), pkg, join(pkg, 'src'), root];
  if (bases.some((base) => existsSync(resolve(base, clean)))) return true;
  if (clean.startsWith('@') || /^[a-z][\w-]*$/.test(token)) return existsSync(join(root, 'node_modules', clean));
  // A bare file name names a file of the package it is documented in (or anywhere, for the root README).
  if (!clean.includes('/')) return fileNames.has(clean);
  // Not a file path at all (an API route like `user-status/disconect`, a setting like `DATA_DIR/files`).
  const first = clean.split('/')[0] ?? '';
  return !KNOWN_FILE.test(clean) && !bases.some((base) => existsSync(resolve(base, first)));
}

/** @param {string} token */
function looksLikePath(token) {
  if (/\s|:\/\/|[<>{}*|()=,'"]/.test(token) || token.startsWith('/') || token.startsWith('-')) return false;
  if (MIME.test(token) || /(^|\/)(dist|data)(\/|$)|^DATA_DIR|^\.\/data/.test(token)) return false;
  return token.includes('/') || KNOWN_FILE.test(token);
}

/** @param {string} token */
function looksLikeIdentifier(token) {
  return IDENTIFIER.test(token) && /[A-Z]/.test(token.replace(/^./, '')) && !/^[A-Z]$/.test(token);
}

/** Stale references of every README.md and CONTEXT.md below `root`, one line each. */
export function checkDocs(root = ROOT) {
  const { words, fileNames } = scanSources(root);
  /** @type {string[]} */
  const problems = [];
  walk(root, (doc) => {
    if (!DOC_NAMES.has(doc.split('/').pop() ?? '')) return;
    const docDir = dirname(doc);
    const text = readFileSync(doc, 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, token] of text.matchAll(/`([^`\n]+)`/g)) {
      if (!token) continue;
      if (looksLikePath(token)) {
        if (!pathExists(root, token, docDir, fileNames))
          problems.push(`${relative(root, doc)}: no file or folder \`${token}\``);
      } else if (looksLikeIdentifier(token)) {
        const missing = token
          .replace(/\(\)$/, '')
          .split('.')
          .filter((part) => !words.has(part));
        if (missing.length > 0) problems.push(`${relative(root, doc)}: \`${token}\` is not in the code`);
      }
    }
  });
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkDocs();
  for (const problem of problems) console.error(problem);
  console.log(
    problems.length === 0
      ? 'Docs: every path and identifier they name exists.'
      : `${problems.length} stale references.`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
