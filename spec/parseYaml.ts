import { isAlias, isMap, isScalar, isSeq, Lexer, LineCounter, type Node, parseDocument } from 'yaml'
import { SpecInputError } from './SpecInputError.ts'
import type { Budget } from './specLimits.ts'

/** What one parse may hold: nesting of collections and YAML aliases (`*name`) in the file. */
export interface YamlLimits {
  maxDepth: number
  maxAliases: number
  /** Nodes (values, keys, collections) still allowed, shared by every file of one load. */
  nodes?: Budget
}

/** How `object[name] = value` defines a property, for the one name where it sets the prototype instead. */
const OWN_PROPERTY = { writable: true, enumerable: true, configurable: true } as const

// The lexer's token for a scalar, and the indicators that open a collection or an entry.
const NODE_TOKENS = new Set(['\x1f', '[', '{', '-', '?'])

/**
 * Counts the nodes `text` would parse into, with the yaml package's lexer (streaming, a few bytes per
 * token), and takes them from `nodes`: throws as soon as it runs out, before anything is built.
 */
function takeNodes(text: string, nodes: Budget): void {
  for (const token of new Lexer().lex(text))
    if (NODE_TOKENS.has(token) && --nodes.remaining < 0)
      throw new SpecInputError(
        `the spec and the files it refers to hold more than ${nodes.limit} YAML nodes (SPEC_LIMITS.maxYamlNodes): parsing them would take gigabytes`,
      )
}

// What each of the yaml package's error codes means, in our words: its own messages can quote the
// source (`Not a YAML token: …`), and a spec that is a symlink to another file would print it.
const YAML_ERRORS: Record<string, string> = {
  ALIAS_PROPS: 'an alias cannot have an anchor or a tag',
  BAD_ALIAS: 'an alias or anchor is not valid',
  BAD_DIRECTIVE: 'a directive is not valid',
  BAD_DQ_ESCAPE: 'a double-quoted string holds an escape that is not valid',
  BAD_INDENT: 'the indentation is not valid',
  BAD_PROP_ORDER: 'anchors and tags are in the wrong place',
  BAD_SCALAR_START: 'a plain value starts with a reserved character',
  BLOCK_AS_IMPLICIT_KEY: 'a block collection is used as a key',
  BLOCK_IN_FLOW: 'a block collection is inside a flow collection',
  IMPOSSIBLE: 'the parser reached a state it does not expect',
  KEY_OVER_1024_CHARS: 'an implicit key is longer than 1024 characters',
  MISSING_CHAR: 'a closing quote, bracket or indicator is missing',
  MULTILINE_IMPLICIT_KEY: 'an implicit key spans several lines',
  MULTIPLE_ANCHORS: 'a value has more than one anchor',
  MULTIPLE_DOCS: 'the file holds more than one YAML document',
  MULTIPLE_TAGS: 'a value has more than one tag',
  NON_STRING_KEY: 'a key is not a string',
  RESOURCE_EXHAUSTION: 'collections nest too deep for the parser',
  TAB_AS_INDENT: 'a tab is used for indentation',
  TAG_RESOLVE_FAILED: 'a tag cannot be resolved',
  UNEXPECTED_TOKEN: 'a token is not valid here',
  BAD_COLLECTION_TYPE: 'a collection has the wrong type for its tag',
}

/**
 * Parses one YAML 1.2 document (so JSON too) into plain values in time linear in its size, and refuses
 * what a spec must not hold: a key twice in one mapping, a key that is not a plain value, more than
 * `maxAliases` aliases or collections nested deeper than `maxDepth`, and more nodes than `nodes` has
 * left (counted by the lexer first: the yaml package holds 1-2 KB per node, so 1 MiB of `[[[…]]]`
 * took 936 MiB and 8 MiB ran out of memory). An alias stands for the very value
 * its anchor names (shared, as the `yaml` package's own `toJS` gives it), so an alias bomb stays small
 * here; `expandedSize` sizes it next.
 *
 * Why not `parse()` of the `yaml` package: it checks each key of a mapping against every earlier one
 * (40,000 keys took 11-13 s), and resolves each alias by scanning every anchor of the document. The
 * tree is composed with `uniqueKeys: false` and walked once here, with a Set per mapping. Errors say
 * where (line and column) and what, in our words, never with an excerpt of the file.
 *
 * @example
 * parseYaml('a: &x [1, 2]\nb: *x\n', { maxDepth: 256, maxAliases: 10_000 }) // { a: [1, 2], b: [1, 2] } (one array)
 * parseYaml('a: 1\na: 2\n', { maxDepth: 256, maxAliases: 10_000 }) // throws SpecInputError: … appears twice …
 */
export function parseYaml(text: string, limits: YamlLimits): unknown {
  if (limits.nodes) takeNodes(text, limits.nodes)
  const lines = new LineCounter()
  const document = parseDocument(text, {
    uniqueKeys: false,
    merge: false,
    prettyErrors: false,
    lineCounter: lines,
  })
  const at = (offset: number): string => {
    const { line, col } = lines.linePos(offset)
    return `at line ${line}, column ${col}`
  }
  const first = document.errors[0]
  if (first !== undefined)
    throw new SpecInputError(
      `not valid YAML ${at(first.pos[0])}: ${YAML_ERRORS[first.code] ?? 'the YAML is not valid'} (${first.code})`,
    )

  const anchors = new Map<string, unknown>()
  let aliases = 0
  const place = (node: Node): string => (node.range ? at(node.range[0]) : 'in the document')
  const anchor = (node: Node, value: unknown): void => {
    if (node.anchor) anchors.set(node.anchor, value)
  }
  const plainValue = (node: unknown, depth: number): unknown => {
    if (node === null || node === undefined) return null
    if (isAlias(node)) {
      aliases += 1
      if (aliases > limits.maxAliases)
        throw new SpecInputError(
          `more than ${limits.maxAliases} YAML aliases ${place(node)} (SPEC_LIMITS.maxAliases)`,
        )
      // The composer has already refused an alias whose anchor comes later or is missing.
      if (!anchors.has(node.source))
        throw new SpecInputError(`an alias names no anchor defined before it ${place(node)}`)
      return anchors.get(node.source)
    }
    if (isScalar(node)) {
      anchor(node, node.value)
      return node.value
    }
    if (depth > limits.maxDepth)
      throw new SpecInputError(
        `values nest more than ${limits.maxDepth} deep ${place(node as Node)} (SPEC_LIMITS.maxDepth)`,
      )
    if (isSeq(node)) {
      const list: unknown[] = []
      // Before the items, as the yaml package does: an alias inside refers to the list itself (a
      // cycle, which expandedSize refuses).
      anchor(node, list)
      for (const item of node.items) list.push(plainValue(item, depth + 1))
      return list
    }
    if (isMap(node)) {
      const object: Record<string, unknown> = {}
      anchor(node, object)
      const keys = new Set<string>()
      for (const { key, value } of node.items) {
        if (!isScalar(key))
          throw new SpecInputError(
            `a mapping key is ${isAlias(key) ? 'an alias' : 'a collection'} ${place(key as Node)}: a spec's keys are plain names`,
          )
        anchor(key, key.value)
        // The key as a JavaScript object holds it (the yaml package's rule: null is ''), so 1 and
        // "1" are the same key, as they are in JSON.
        const name = key.value === null ? '' : String(key.value)
        if (keys.has(name))
          throw new SpecInputError(
            `a key appears twice in one mapping ${place(key)} (YAML and JSON forbid it)`,
          )
        keys.add(name)
        const item = plainValue(value, depth + 1)
        // An own property, never the prototype: JSON.parse does the same with "__proto__".
        if (name === '__proto__') Object.defineProperty(object, name, { ...OWN_PROPERTY, value: item })
        else object[name] = item
      }
      return object
    }
    throw new SpecInputError(`a value of an unknown kind ${place(node as Node)}`)
  }
  return plainValue(document.contents, 0)
}
