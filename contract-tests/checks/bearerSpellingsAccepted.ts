import { inPool } from '../http/inPool.ts'
import type { Check } from './Check.ts'
import { finding } from './Check.ts'
import { describeResponse } from './describeResponse.ts'

/**
 * The valid key in the other spellings HTTP allows: the scheme name in lower case (RFC 9110 §11.1:
 * case-insensitive) and two spaces before the token (RFC 6750 §2.1: `"Bearer" 1*SP b64token`). A
 * client library may send either. Recommended: the document shows only `Bearer <API_KEY>`.
 */
export const bearerSpellingsAccepted: Check = {
  name: 'bearer_spellings_accepted',
  level: 'recommended',
  because:
    '§5.2 shows only `Authorization: Bearer <API_KEY>`; the other spellings are RFC 9110’s and RFC 6750’s.',
  description: () =>
    'The valid key with the scheme in lower case, and with two spaces before it, is accepted (RFC 9110 §11.1, RFC 6750 §2.1).',
  operations: ['listPets'],
  needs: ['auth', 'own-auth-errors'],
  async run(context) {
    const scheme = Object.values(context.document.components.securitySchemes)[0]?.scheme ?? 'bearer'
    const name = scheme.charAt(0).toUpperCase() + scheme.slice(1).toLowerCase()
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion for the curl line
    const env = '${PETSTORE_API_KEY}'
    const spellings = [
      {
        label: 'the scheme in lower case',
        value: `${name.toLowerCase()} ${context.apiKey}`,
        shown: `${name.toLowerCase()} ${env}`,
      },
      { label: 'two spaces before the key', value: `${name}  ${context.apiKey}`, shown: `${name}  ${env}` },
    ]
    const limit = context.vocabulary.limit.minimum
    const answers = await inPool(spellings, 2, (spelling) =>
      context.call(
        'listPets',
        { limit },
        {
          authorization: [{ value: spelling.value, shown: `"authorization: ${spelling.shown}"` }],
        },
      ),
    )
    const findings = answers.flatMap((exchange, i) =>
      exchange.status === 200
        ? []
        : [
            finding(
              exchange,
              'listPets',
              `${describeResponse(exchange)} for the valid key with ${spellings[i]?.label}`,
              `200: the valid key with ${spellings[i]?.label} is still the valid key`,
            ),
          ],
    )
    return { findings }
  },
}
