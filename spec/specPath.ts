import { fileURLToPath } from 'node:url'

/** Absolute path of the one OpenAPI document that drives the project. */
export const SPEC_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url))
