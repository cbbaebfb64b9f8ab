/** Pages remembered at most (each holds its pets and their text): past it, the memory starts over. */
const REMEMBERED_PAGES = 16

/**
 * The JSON text of a list page, remembered per key (the query that chose it) for as long as
 * the page holds the same items in the same order. A client lists the same page again and again,
 * and serialising it is most of what a list costs; the store never changes a pet once stored (a
 * create makes a new object), so the same objects give the same text. Comparing a page item by
 * item (by identity) costs its length; any other page is serialised and remembered in its place.
 *
 * @example
 * const text = pageText()
 * text('20', store.list({ limit: 20 })) // '[{"id":1,...}]', serialised
 * text('20', store.list({ limit: 20 })) // the same string, not serialised again
 */
export function pageText(): (key: string, page: readonly object[]) => string {
  let remembered = new Map<string, { page: readonly object[]; text: string }>()
  return (key, page) => {
    const known = remembered.get(key)
    const same = known?.page.length === page.length && known.page.every((pet, i) => pet === page[i])
    if (same) return known.text
    const text = JSON.stringify(page)
    if (known === undefined && remembered.size >= REMEMBERED_PAGES) remembered = new Map()
    // A copy: the page itself goes out as a response body, which no one should be able to change here.
    remembered.set(key, { page: page.slice(), text })
    return text
  }
}
