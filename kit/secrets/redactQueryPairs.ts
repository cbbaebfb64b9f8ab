import { isCredentialName } from './isCredentialName.ts'

/** A `name=value` pair after `?` or `&`, as a URL in free text carries it (the value ends at a delimiter or a quote). */
const QUERY_PAIR = /([?&])([^=&?#\s'"]+)=([^&#\s'"]*)/g

/**
 * Free text (a message, a curl line) with the value of every query pair whose name is
 * credential-like (`isCredentialName`, as `redactTarget` judges a target's) as `***`, wherever a URL
 * stands in it. One regular expression without nested repetition: linear in the text.
 *
 * @example
 * redactQueryPairs("curl 'http://h/v1/pets?limit=5&client_secret=ab'") // "curl 'http://h/v1/pets?limit=5&client_secret=***'"
 */
export function redactQueryPairs(text: string): string {
  return text.replace(QUERY_PAIR, (pair, before: string, name: string, value: string) =>
    value !== '' && isCredentialName(name) ? `${before}${name}=***` : pair,
  )
}
