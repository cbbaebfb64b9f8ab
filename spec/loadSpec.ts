import { fileURLToPath } from 'node:url'
import SwaggerParser from '@apidevtools/swagger-parser'
import { expandedSize } from './expandedSize.ts'
import { findRefCycle } from './findRefCycle.ts'
import type { PetStoreDocument } from './PetStoreDocument.ts'
import { parseYaml } from './parseYaml.ts'
import { readSpecFile, specFolder } from './readSpecFile.ts'
import { SpecFiles } from './SpecFiles.ts'
import { SpecInputError } from './SpecInputError.ts'
import { budgetOf, SPEC_LIMITS } from './specLimits.ts'
import { SPEC_PATH } from './specPath.ts'

export interface LoadSpecOptions {
  /**
   * Let `$ref`s fetch `http:` and `https:` URLs (`--allow-remote-refs`). Off by default: a spec from a
   * repository would otherwise make every developer's mock fetch what a pull request names.
   */
  allowRemoteRefs?: boolean
}

type FileInfo = { url: string; data?: unknown }

// A URL scheme (`https:`, `ftp:`, `data:`); one letter is a Windows drive, not a scheme.
const SCHEME = /^([a-z][a-z0-9+.-]+):/i
const REMOTE = /^https?:/i
const EXPANDED_LIMITS = { maxNodes: SPEC_LIMITS.maxExpandedNodes, maxDepth: SPEC_LIMITS.maxDepth }

/** The file system path of a `$ref` target as json-schema-ref-parser hands it over (a path or file: URL). */
function toFilePath(url: string): string | undefined {
  if (/^file:/i.test(url)) return fileURLToPath(url)
  if (SCHEME.test(url)) return undefined
  // The parser percent-encodes what a URL cannot hold (spaces, #, ?); a bare % stays a %.
  return decodeURIComponent(url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))
}

/**
 * The text of a spec file, read with the same guards as `loadSpec` (a regular file, within
 * SPEC_LIMITS.maxBytes): what `/__mock/openapi.yaml` serves.
 */
export async function readSpecText(path: string = SPEC_PATH): Promise<string> {
  const folder = await specFolder(path)
  return (await readSpecFile(folder.root, folder, budgetOf(SPEC_LIMITS.maxBytes))).toString('utf8')
}

/**
 * Runs `run` with swagger-parser's options for one guarded load: every file read by `readSpecFile` and
 * parsed by `parseSpecText` within one load's budgets, and URLs refused unless allowed.
 */
async function guardedLoad(
  path: string,
  options: LoadSpecOptions,
  run: (absolute: string, parserOptions: SwaggerParser.Options, files: SpecFiles) => Promise<unknown>,
): Promise<PetStoreDocument> {
  const folder = await specFolder(path)
  const files = new SpecFiles(folder.root)
  const budget = budgetOf(SPEC_LIMITS.maxBytes)
  const nodes = budgetOf(SPEC_LIMITS.maxYamlNodes)
  const allowRemote = options.allowRemoteRefs === true
  // json-schema-ref-parser 15 reports a resolver's error as "Error reading file" without its message:
  // the first refusal is kept here and thrown in its place.
  let refusal: SpecInputError | undefined
  const refuse = (error: unknown): never => {
    if (error instanceof SpecInputError) refusal ??= error
    throw error
  }
  const parserOptions = {
    resolve: {
      file: false,
      http: allowRemote ? { timeout: 5000, redirects: 0 } : false,
      guarded: {
        order: 1,
        // Everything but an allowed URL: a refused URL must say so rather than "no resolver".
        canRead: (file: FileInfo) => !(allowRemote && REMOTE.test(file.url)),
        read: async (file: FileInfo) => {
          const filePath =
            toFilePath(file.url) ??
            refuse(
              new SpecInputError(
                `$ref to ${file.url} refused: a spec may only refer to files inside its own folder (pass --allow-remote-refs to let it fetch http(s) URLs)`,
              ),
            )
          return readSpecFile(filePath, folder, budget).catch(refuse)
        },
      },
    },
    parse: {
      json: false,
      text: false,
      binary: false,
      yaml: {
        order: 1,
        allowEmpty: false,
        canParse: true,
        parse: (file: FileInfo) => {
          try {
            const value = parseSpecText(String(file.data), file.url, nodes)
            files.add(toFilePath(file.url) ?? file.url, value)
            return value
          } catch (error) {
            return refuse(error)
          }
        },
      },
    },
  } as unknown as SwaggerParser.Options
  try {
    return (await run(folder.root, parserOptions, files)) as PetStoreDocument
  } catch (error) {
    throw refusal ?? error
  }
}

/**
 * Parses one spec file's text (YAML 1.2, so JSON too) within SPEC_LIMITS, in time linear in its size
 * (`parseYaml`: duplicate keys refused, aliases and depth bounded), then the expanded size and depth
 * of what it built. Throws SpecInputError naming the file, never quoting it.
 */
export function parseSpecText(
  text: string,
  name: string,
  // Shared by every file of one load; a text parsed on its own gets the whole bound.
  nodes = budgetOf(SPEC_LIMITS.maxYamlNodes),
): unknown {
  try {
    const value = parseYaml(text, { ...SPEC_LIMITS, nodes })
    expandedSize(value, EXPANDED_LIMITS)
    return value
  } catch (error) {
    throw new SpecInputError(`${name}: ${(error as Error).message}`)
  }
}

/**
 * Reads, validates (OpenAPI 3.1 schema and `$ref`s) and dereferences the OpenAPI document, treating it
 * as untrusted input (docs/spec-as-input.md): `$ref`s reach only files inside the document's own folder,
 * no URL unless `allowRemoteRefs`, and SPEC_LIMITS bound bytes, YAML aliases and nesting. Throws with
 * swagger-parser's message (which names the failing JSON pointer) or the refusal's.
 *
 * @example
 * const document = await loadSpec()
 * document.paths['/pets'].get.operationId // 'listPets'
 */
export async function loadSpec(
  path: string = SPEC_PATH,
  options: LoadSpecOptions = {},
): Promise<PetStoreDocument> {
  // `validate` parses a fresh copy each call and dereferences it in place.
  return guardedLoad(path, options, (absolute, parserOptions, files) =>
    boundedParser(files).validate(absolute, parserOptions),
  )
}

/**
 * A swagger-parser whose document is bounded as soon as it is dereferenced, before anything walks it
 * as a tree. `validate` dereferences first (leaving every `$ref` on a cycle in place), then checks the
 * document against the OpenAPI schema, which walks a value shared by 10 `$ref`s 10 times: five levels
 * of ten `$ref`s in 18 KB took 79 s to load. The expanded size is counted with each shared value sized
 * once (`expandedSize`), and a `$ref` cycle is refused naming its chain: the mock compiles and serves
 * schemas as trees, and a cycle overflowed the stack ("Maximum call stack size exceeded").
 */
function boundedParser(files: SpecFiles): SwaggerParser {
  const parser = new SwaggerParser()
  const dereference = parser.dereference.bind(parser) as (...args: unknown[]) => Promise<unknown>
  // An own property: `validate` calls `this.dereference`, so this runs between the two steps.
  Object.assign(parser, {
    dereference: async (...args: unknown[]) => {
      const api = await dereference(...args)
      expandedSize(parser.api, EXPANDED_LIMITS, 'YAML aliases and $refs')
      if (parser.$refs.circular)
        throw new SpecInputError(
          describeCycle(findRefCycle(parser.api, (holder, ref) => files.resolve(holder, ref))),
        )
      return api
    },
  })
  return parser
}

function describeCycle(cycle: ReturnType<typeof findRefCycle>): string {
  const why = 'the mock expands every $ref and serves schemas as trees, so a schema cannot contain itself'
  // A long chain is named by its ends: enough to find it.
  const shown = (names: string[], joint: string) =>
    names.length <= 8
      ? names.join(joint)
      : `${names.slice(0, 4).join(joint)}${joint}…${joint}${names.slice(-3).join(joint)} (${names.length} $refs)`
  if (cycle === undefined) return `a $ref cycle (${why})`
  if ('chain' in cycle) return `a $ref cycle: ${shown(cycle.chain, ' → ')} (${why})`
  return `a $ref cycle through ${shown(cycle.refs, ', ')} (${why})`
}

/** The same document with its internal `$ref`s kept, for generators that want names. Guarded alike. */
export async function bundleSpec(
  path: string = SPEC_PATH,
  options: LoadSpecOptions = {},
): Promise<PetStoreDocument> {
  return guardedLoad(path, options, (absolute, parserOptions) =>
    SwaggerParser.bundle(absolute, parserOptions),
  )
}
