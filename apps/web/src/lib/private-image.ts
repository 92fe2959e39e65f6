// Private images (an avatar) as an <img> can show them: fetched with the session's token into an object URL.
import { IMAGE_WIDTHS } from '@cx/contracts/customer';
import { useEffect, useState } from 'react';
import { apiFileUrl } from '@/lib/api-files';
import { session } from '@/lib/session';

const widths: readonly number[] = IMAGE_WIDTHS;

/** The smallest stored width covering `cssWidth` on a 2× screen (the API's variants). */
const variantFor = (cssWidth: number) => widths.find((w) => w >= cssWidth * 2) ?? widths[widths.length - 1]!;

/**
 * An object URL of the image at `path` read with the Authorization header (an avatar is readable only by its owner's
 * token, so a plain src would be refused), or undefined while loading, without a path, or when it cannot be read: the
 * avatar's fallback shows instead, never a broken image.
 */
export function usePrivateImage(path: string | null | undefined, cssWidth: number): string | undefined {
  // Keyed by what was fetched, so a changed path never shows the previous image while the new one loads.
  const [loaded, setLoaded] = useState<{ key: string; objectUrl: string }>();
  const key = `${path ?? ''}@${cssWidth}`;
  useEffect(() => {
    const url = apiFileUrl(path);
    if (!url) return;
    const controller = new AbortController();
    let created: string | undefined;
    fetch(`${url}?w=${variantFor(cssWidth)}`, {
      headers: { authorization: session.authorizationHeader(), 'ngrok-skip-browser-warning': 'true' },
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) return;
        created = URL.createObjectURL(await res.blob());
        if (controller.signal.aborted) URL.revokeObjectURL(created);
        else setLoaded({ key: `${path ?? ''}@${cssWidth}`, objectUrl: created });
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [path, cssWidth]);
  return loaded?.key === key && path ? loaded.objectUrl : undefined;
}
