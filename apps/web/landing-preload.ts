// Build plugin: index.html also preloads the landing page's lazy route chunks, so a visitor's browser fetches them with
// the entry instead of after it has run (one round trip fewer before the first paint of /, the page most people open).
import type { HtmlTagDescriptor, Plugin } from 'vite';

type TBundleChunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[] };

/** Every file `start` loads statically (itself included), by output file name. */
function staticClosure(chunks: Map<string, TBundleChunk>, start: TBundleChunk): string[] {
  const seen = new Set<string>();
  const queue = [start.fileName];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return [...seen];
}

/** `modules`: the landing route's lazily imported modules (paths ending as given), preloaded from `html`. */
export function landingPreload({ html, modules }: { html: string; modules: readonly string[] }): Plugin {
  return {
    name: 'cx-landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(source, ctx) {
        if (!ctx.bundle || !ctx.filename.replace(/\\/g, '/').endsWith(`/${html}`)) return;
        const chunks = new Map<string, TBundleChunk>();
        for (const item of Object.values(ctx.bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(module));
          if (!chunk) throw new Error(`landing-preload: no chunk for ${module} (is it still imported lazily?)`);
          for (const file of staticClosure(chunks, chunk)) files.add(file);
        }
        return [...files]
          .filter((file) => !source.includes(`/${file}"`))
          .map(
            (file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head',
            }),
          );
      },
    },
  };
}
