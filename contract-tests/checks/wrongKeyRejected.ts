import { keyRejectedCheck } from './keyRejectedCheck.ts'

/** §5.3: an invalid key is refused like a missing one, on every operation. */
export const wrongKeyRejected = keyRejectedCheck('wrong', {
  name: 'wrong_key_rejected',
  description: () => 'Every operation answers 401 when the bearer key is not one the service issued (§5.3).',
  needs: ['auth'],
})
