// /themes: the business's comment-theme vocabulary (quick tags + discovered phrases) and hiding shout-outs.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZObjectIdSchema } from './common';
import {
  ZShoutOutSchema,
  ZThemeEntrySchema,
  ZThemeKeySchema,
  ZUpdateShoutOutSchema,
  ZUpdateThemeSchema,
} from './themes.schemas';

export * from './themes.schemas';

const c = initContract();

export const themesContract = c.router({
  listThemes: {
    method: 'GET',
    path: '/themes',
    metadata: businessRoute('analytics:read'),
    responses: { 200: z.object({ themes: z.array(ZThemeEntrySchema) }) },
    summary:
      "The business's themes (quick tags and discovered phrases) with their names, merges, hidden state and 30-day counts",
  },
  updateTheme: {
    method: 'PATCH',
    path: '/themes/:key',
    pathParams: z.object({ key: ZThemeKeySchema }),
    metadata: businessRoute('themes:manage'),
    body: ZUpdateThemeSchema,
    responses: { 200: ZThemeEntrySchema },
    summary:
      'Rename a theme, hide or unhide it, merge it into another or unmerge it (applied on read, no rebuild)',
  },
  updateShoutOut: {
    method: 'PUT',
    path: '/themes/shout-outs/:ratingId',
    pathParams: z.object({ ratingId: ZObjectIdSchema }),
    metadata: businessRoute('themes:manage'),
    body: ZUpdateShoutOutSchema,
    responses: { 200: z.object({ _id: z.string(), shoutOut: ZShoutOutSchema }) },
    summary: 'Hide a shout-out from the board and scorecard, or show it again',
  },
});
