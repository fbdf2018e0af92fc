import { z } from 'zod';
import { VALIDATION, withoutControlCharacters } from './validation.js';

/**
 * The wire shape of message markup (spec §3 "Message entity"): a message is plain `content` plus a list of
 * entities, Telegram-style. Offsets and lengths count UTF-16 code units of `content` (JavaScript string indices),
 * so `content.slice(offset, offset + length)` is always the covered text. The grammar that produces entities from
 * what the user typed lives in `markup.ts`; the rules the server enforces live in `markup-validate.ts`.
 */

/** Like Telegram: a message holds at most 4000 UTF-16 code units of text. */
export const MAX_MESSAGE_LENGTH = 4000;

/** A message cannot carry more entities than this; a 4000-character text never needs more. */
export const MAX_MESSAGE_ENTITIES = 200;

/** Links are capped so a hostile client cannot park megabytes in one entity. */
export const MAX_LINK_URL_LENGTH = 2048;

/** A code block's language tag, e.g. `ts`, `c++`, `objective-c`, `c#`. */
export const CODE_LANGUAGE_PATTERN = /^[A-Za-z0-9_+#.-]{1,32}$/;

export const MESSAGE_ENTITY_TYPES = ['bold', 'italic', 'code', 'pre', 'text_link', 'mention'] as const;
export type MessageEntityType = (typeof MESSAGE_ENTITY_TYPES)[number];

export const messageEntitySchema = z.object({
  type: z.enum(MESSAGE_ENTITY_TYPES),
  offset: z.number().int().nonnegative().max(MAX_MESSAGE_LENGTH),
  length: z.number().int().positive().max(MAX_MESSAGE_LENGTH),
  /** Present only, and always, on `text_link`; `validateEntities` enforces that and the URL's safety. */
  url: z
    .string()
    .max(MAX_LINK_URL_LENGTH)
    .refine(withoutControlCharacters, { error: VALIDATION.invalidCharacters })
    .optional(),
  /** Optional on `pre` only: the tag typed after the opening backticks. */
  language: z.string().regex(CODE_LANGUAGE_PATTERN).optional(),
});

export type MessageEntity = z.infer<typeof messageEntitySchema>;

export const messageEntitiesSchema = z.array(messageEntitySchema).max(MAX_MESSAGE_ENTITIES);

/**
 * Which kind is outer when two entities cover the same range: code is a leaf (nothing renders inside it), so it
 * comes after the kinds that may wrap it (`[`x`](url)`, `**`x`**`); a mention is a leaf too. Not the wire order.
 */
const NESTING_RANK: Readonly<Record<MessageEntityType, number>> = {
  bold: 0,
  italic: 1,
  text_link: 2,
  code: 3,
  pre: 3,
  mention: 4,
};

/** Sorts entities by start, outer first: longer before shorter, then by `NESTING_RANK` on equal ranges. */
export function compareEntities(a: MessageEntity, b: MessageEntity): number {
  return a.offset - b.offset || b.length - a.length || (NESTING_RANK[a.type] ?? 0) - (NESTING_RANK[b.type] ?? 0);
}
