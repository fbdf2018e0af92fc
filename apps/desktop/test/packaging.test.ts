import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

/*
 * A dry run of the packaging config, offline: electron-builder.yml through electron-builder's own
 * `validateConfiguration` (what `electron-builder` runs first) and against the JSON schema it uses (the `scheme.json`
 * that app-builder-lib ships), and the release workflow against a
 * zod schema of the GitHub Actions fields it uses (no workflow schema ships in any installed package).
 */

const desktop = new URL('../', import.meta.url);
const repo = new URL('../../../', import.meta.url);
const require = createRequire(import.meta.url);

function builderValidator() {
  const schema: unknown = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'));
  // The schema uses `tsType` annotations from typescript-json-schema; not a validation keyword.
  const ajv = new Ajv({ allErrors: true, strict: false });
  return ajv.compile(z.record(z.string(), z.unknown()).parse(schema));
}

const builderConfig = (): unknown => parse(readFileSync(new URL('electron-builder.yml', desktop), 'utf8'));

const builderFieldsWeRely = z.object({
  appId: z.string(),
  protocols: z.array(z.object({ schemes: z.array(z.string()) })),
  publish: z.array(z.object({ provider: z.literal('github') })),
  files: z.array(z.string()),
  win: z.object({ icon: z.string(), target: z.array(z.object({ target: z.string() })) }),
  mac: z.object({
    icon: z.string(),
    target: z.array(z.object({ target: z.string() })),
    notarize: z.literal(true),
    hardenedRuntime: z.literal(true),
    entitlements: z.string(),
  }),
  linux: z.object({ icon: z.string(), target: z.array(z.string()) }),
});

/** Width and height from a PNG's IHDR, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return null;
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const step = z.union([
  z.strictObject({
    name: z.string().optional(),
    uses: z.string().regex(/^[\w.-]+\/[\w.-]+@v\d+$/),
    with: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  }),
  z.strictObject({
    name: z.string().optional(),
    run: z.string().min(1),
    'working-directory': z.string().optional(),
    env: z.record(z.string(), z.string()).optional(),
  }),
]);

const workflowSchema = z.strictObject({
  name: z.string(),
  on: z.strictObject({
    push: z.strictObject({ tags: z.array(z.string()).min(1) }),
    workflow_dispatch: z.null().optional(),
  }),
  permissions: z.strictObject({ contents: z.literal('write') }),
  jobs: z.record(
    z.string(),
    z.strictObject({
      name: z.string(),
      strategy: z.strictObject({
        'fail-fast': z.boolean(),
        matrix: z.strictObject({
          include: z.array(
            z.strictObject({
              os: z.enum(['windows-latest', 'macos-latest', 'ubuntu-latest']),
              platform: z.enum(['--win', '--mac', '--linux']),
            }),
          ),
        }),
      }),
      'runs-on': z.literal('${{ matrix.os }}'),
      env: z.record(z.string(), z.string()),
      steps: z.array(step).min(1),
    }),
  ),
});

const workflow = () =>
  workflowSchema.parse(parse(readFileSync(new URL('.github/workflows/desktop-release.yml', repo), 'utf8')));

describe('electron-builder config', () => {
  it('passes electron-builder’s own configuration check, which refuses an unknown field', async () => {
    // The YAML is exactly what electron-builder would load; its validator is the judge of its shape.
    const config = builderConfig() as Parameters<typeof validateConfiguration>[0];
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, ...{ protocol: [] } }, new DebugLogger(false))).rejects.toThrow(
      /unknown property 'protocol'/,
    );
  });

  it('is valid against electron-builder’s own schema', () => {
    const validate = builderValidator();
    expect(validate(builderConfig()), JSON.stringify(validate.errors)).toBe(true);
  });

  it('the schema is live: a misspelt or mistyped field is refused', () => {
    const validate = builderValidator();
    const config = z.record(z.string(), z.unknown()).parse(builderConfig());
    expect(validate({ ...config, protocol: config.protocols })).toBe(false);
    expect(validate({ ...config, mac: { notarize: 'yes' } })).toBe(false);
  });

  it('builds NSIS, dmg (notarised when secrets exist), AppImage and deb, registers beseda:// and publishes to GitHub', () => {
    const config = builderFieldsWeRely.parse(builderConfig());
    expect(config.win.target.map((target) => target.target)).toEqual(['nsis']);
    expect(config.mac.target.map((target) => target.target)).toEqual(['dmg']);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.protocols.flatMap((protocol) => protocol.schemes)).toEqual(['beseda']);
    expect(readFileSync(new URL(config.mac.entitlements, desktop), 'utf8')).toContain(
      'com.apple.security.device.camera',
    );
  });
});

describe('app icons', () => {
  it('every platform gets a square PNG of at least 512 px (electron-builder converts it to .ico / .icns)', () => {
    const config = builderFieldsWeRely.parse(builderConfig());
    for (const icon of [config.win.icon, config.mac.icon, config.linux.icon]) {
      const size = pngSize(readFileSync(new URL(icon, desktop)));
      expect(size, icon).not.toBeNull();
      expect(size?.width, icon).toBeGreaterThanOrEqual(512);
      expect(size?.height, icon).toBe(size?.width);
    }
  });

  it('the tray icons ship inside the app (static/ is packaged), at 1× and 2×', () => {
    const config = builderFieldsWeRely.parse(builderConfig());
    expect(config.files).toContain('static/**/*');
    expect(pngSize(readFileSync(new URL('static/tray.png', desktop)))).toEqual({ width: 32, height: 32 });
    expect(pngSize(readFileSync(new URL('static/tray@2x.png', desktop)))).toEqual({ width: 64, height: 64 });
  });
});

describe('desktop release workflow', () => {
  it('builds all three OSes on tags and publishes with the release token', () => {
    const { jobs, on } = workflow();
    expect(on.push.tags).toEqual(['v*']);
    const build = jobs.build;
    expect(build?.strategy.matrix.include.map((entry) => entry.os).sort()).toEqual([
      'macos-latest',
      'ubuntu-latest',
      'windows-latest',
    ]);
    const publish = build?.steps.find((candidate) => 'run' in candidate && candidate.run.includes('electron-builder'));
    expect(publish && 'run' in publish ? publish.run : '').toContain('--publish always');
    expect(publish && 'env' in publish ? publish.env : {}).toMatchObject({
      GH_TOKEN: '${{ secrets.GITHUB_TOKEN }}',
      APPLE_ID: '${{ secrets.APPLE_ID }}',
      APPLE_APP_SPECIFIC_PASSWORD: '${{ secrets.APPLE_APP_SPECIFIC_PASSWORD }}',
      APPLE_TEAM_ID: '${{ secrets.APPLE_TEAM_ID }}',
    });
  });

  it('keeps the runner’s npm install from downloading Electron (npm 10 ignores allowScripts)', () => {
    expect(workflow().jobs.build?.env.ELECTRON_SKIP_BINARY_DOWNLOAD).toBe('1');
  });

  it('the workflow schema is live: an unknown trigger or runner is refused', () => {
    const parsed: unknown = parse(readFileSync(new URL('.github/workflows/desktop-release.yml', repo), 'utf8'));
    const raw = z.record(z.string(), z.unknown()).parse(parsed);
    expect(workflowSchema.safeParse({ ...raw, on: { pull_request_target: null } }).success).toBe(false);
    expect(workflowSchema.safeParse({ ...raw, jobs: { build: { 'runs-on': 'self-hosted' } } }).success).toBe(false);
  });
});
