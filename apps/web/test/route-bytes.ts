// The JS a route loads statically, read from Vite's build manifest (.vite/manifest.json, `build.manifest` is on).
/** One record of the manifest (only the fields read here), keyed by source path relative to apps/web. */
export type TManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
export type TManifest = Record<string, TManifestChunk>;

export const MANIFEST_FILE = '.vite/manifest.json';

/** Every JS file the given manifest keys load statically: their own chunks and `imports`, transitively. */
export function staticFiles(manifest: TManifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: was it renamed, or is it no longer a chunk?`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return [...files];
}

/** Sum of `sizeOf` over a route's static JS files (bytes of minified code before compression, for the budgets). */
export function routeScriptBytes(manifest: TManifest, keys: readonly string[], sizeOf: (file: string) => number) {
  return staticFiles(manifest, keys).reduce((sum, file) => sum + sizeOf(file), 0);
}
