// The thread specLoadThread starts: it loads spec files for `--watch` (`loadSpecFile`) and posts back
// the document and its text, or why it was refused. Nothing else runs here, so however long a large
// edit takes to load, the HTTP mock's event loop keeps answering.
import { parentPort } from 'node:worker_threads'
import { loadSpecFile } from './loadSpecFile.ts'
import type { SpecLoadReply, SpecLoadRequest } from './specLoadThread.ts'

parentPort?.on('message', async ({ id, path, allowRemoteRefs }: SpecLoadRequest) => {
  let reply: SpecLoadReply
  try {
    const spec = await loadSpecFile(path, { allowRemoteRefs })
    reply = { id, ok: true, document: spec.document, text: spec.text }
  } catch (error) {
    reply = { id, ok: false, reason: (error as Error).message }
  }
  parentPort?.postMessage(reply)
})
