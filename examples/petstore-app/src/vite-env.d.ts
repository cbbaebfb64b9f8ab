/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of a running Pet Store API (e.g. the HTTP mock's `http://127.0.0.1:4010/v1`); MSW when unset. */
  readonly VITE_PETSTORE_API_URL?: string
}
