import { detached } from '../../kit/text/detached.ts'
import type { SuiteVocabulary } from '../base/SuiteVocabulary.ts'
import type { Exchange } from '../http/exchange.ts'
import { KEPT_ITEMS_MAX, type KeptSize, keptJson } from '../json/keptJson.ts'

/** The start of a body kept with the facts (the judgments that quote a body whole ran on arrival). */
export const KEPT_TEXT_MAX = 512

/**
 * The most the run's log keeps of all bodies' facts together, in characters (about 2 bytes each):
 * past it, exchanges are logged without their body's facts (`dropped` counts them) and the checks
 * that read the log (created_pets_kept, listed_pets_retrievable, ...) judge what was logged.
 */
export const KEPT_RUN_MAX = 16_000_000

/**
 * The items of a list the run keeps: KEPT_ITEMS_MAX, or twice the document's maximum `limit`, so a
 * full page of the document the run checks against is always kept whole.
 *
 * @example
 * keptItemsFor(evolved.vocabulary) // 500 when listPets' limit has maximum 250
 */
export function keptItemsFor(vocabulary: Pick<SuiteVocabulary, 'limit'>): number {
  return Math.max(KEPT_ITEMS_MAX, 2 * vocabulary.limit.maximum)
}

/** What a logged exchange holds instead of its headers (one shared, empty). */
const NO_HEADERS = new Headers()

export interface Keeper {
  /** The exchange as the check that sent it gets it: a KEPT_TEXT_MAX excerpt and the body's facts (keptJson). */
  keep(exchange: Exchange): Exchange
  /** The kept exchange as the run's log holds it, within KEPT_RUN_MAX for the whole run. */
  log(kept: Exchange): Exchange
  /** Exchanges logged without their facts because the run's budget was spent. */
  dropped(): number
}

/**
 * What the run keeps of each exchange once the watchers judged it whole: the request, status,
 * headers, curl line, an excerpt and the body's facts, so memory is bounded by what is kept, not by
 * what the target sends (a 1 MiB `[[],[],...]` parses to some 40 MB; its facts are 200 empty arrays).
 *
 * @example
 * const keeper = createKeeper()
 * const kept = keeper.keep(exchange) // what the check gets
 * exchanges.push(keeper.log(kept)) // what later checks read
 */
export function createKeeper({ runMax = KEPT_RUN_MAX, itemsMax = KEPT_ITEMS_MAX } = {}): Keeper {
  const sizes = new WeakMap<Exchange, number>()
  let spent = 0
  let dropped = 0
  return {
    keep(exchange) {
      const size: KeptSize = { spent: 0 }
      const json = keptJson(exchange.json, size, itemsMax)
      const cut = Array.isArray(exchange.json) && exchange.json.length > itemsMax
      const kept: Exchange = {
        ...exchange,
        text: detached(exchange.text.slice(0, KEPT_TEXT_MAX)),
        json,
        ...(cut && { items: (exchange.json as unknown[]).length }),
      }
      sizes.set(kept, size.spent)
      return kept
    },
    log(kept) {
      spent += sizes.get(kept) ?? 0
      // The log's readers (created_pets_kept, unique_ids, the model's knowledge, ...) read the
      // request, status, facts and curl line: headers and text were judged on arrival.
      const logged = { ...kept, headers: NO_HEADERS, text: '' }
      if (spent <= runMax || kept.json === undefined) return logged
      dropped++
      return { ...logged, json: undefined }
    },
    dropped: () => dropped,
  }
}
