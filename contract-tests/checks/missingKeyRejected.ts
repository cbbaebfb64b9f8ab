import { keyRejectedCheck } from './keyRejectedCheck.ts'

/** §5.3, §5.4: no operation is open; a request without a key gets 401 on every operation. */
export const missingKeyRejected = keyRejectedCheck('none', {
  name: 'missing_key_rejected',
  description: () => 'Every operation answers 401 when the Authorization header is missing (§5.3, §5.4).',
  needs: [],
})
