// Enforces the layout rules (engineering notes, rule 12): shared code never imports
// features or the app, and no feature imports another feature.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const pattern = /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;
  return [...source.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Resolves an import to a path inside src (or null for packages). */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.')) return path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
  return null;
}

describe('architecture', () => {
  const all = files(SRC).map((f) => ({ file: f, rel: path.relative(SRC, f).split(path.sep).join('/') }));

  it('has feature folders to check', () => {
    expect(all.some((f) => f.rel.startsWith('features/tts/'))).toBe(true);
  });

  it('keeps features independent of each other', () => {
    const violations: string[] = [];
    for (const { file, rel } of all) {
      const feature = /^features\/([^/]+)\//.exec(rel)?.[1];
      if (!feature) continue;
      for (const spec of imports(file)) {
        const to = target(file, spec);
        if (!to) continue;
        const other = /^features\/([^/]+)/.exec(to)?.[1];
        if (other && other !== feature) violations.push(`${rel} → ${spec}`);
        if (to.startsWith('app/')) violations.push(`${rel} → ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('keeps shared code (components, lib) free of features and app', () => {
    const violations: string[] = [];
    for (const { file, rel } of all) {
      if (!/^(components|lib)\//.test(rel)) continue;
      for (const spec of imports(file)) {
        const to = target(file, spec);
        if (to && /^(features|app)\//.test(to)) violations.push(`${rel} → ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('calls fetch only in the api client', () => {
    const offenders = all
      .filter(({ rel }) => rel !== 'lib/api-client.ts' && !rel.startsWith('testing/'))
      // Example code shown to users (a string, not a call of this app).
      .filter(({ rel }) => rel !== 'features/developer-api/utils/examples.ts')
      .filter(({ file }) => /\bfetch\(/.test(readFileSync(file, 'utf8')))
      .map(({ rel }) => rel);
    expect(offenders).toEqual([]);
  });
});
