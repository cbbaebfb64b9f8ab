import type { Check } from '../Check.ts'
import { authVariantsRejected } from './authVariantsRejected.ts'
import { badBodiesRejected, malformedBodiesRejected } from './badBodies.ts'
import { contentTypeConformance } from './contentTypeConformance.ts'
import { createAccepted } from './createAccepted.ts'
import { createRoundTrip } from './createRoundTrip.ts'
import { defaultLimit } from './defaultLimit.ts'
import { deprecationSignals } from './deprecationSignals.ts'
import { errorBodyConformance } from './errorBodyConformance.ts'
import { errorStatusMatches } from './errorStatusMatches.ts'
import { gapStatusConformance } from './gapStatusConformance.ts'
import { limitBounds } from './limitBounds.ts'
import { limitMaximumHonoured } from './limitMaximumHonoured.ts'
import { limitOutOfRangeRejected } from './limitOutOfRangeRejected.ts'
import { locationHeader } from './locationHeader.ts'
import { missingKeyRejected } from './missingKeyRejected.ts'
import { modelBasedSequences } from './modelBasedSequences.ts'
import { noServerErrors } from './noServerErrors.ts'
import { petIdNotIntegerRejected } from './petIdNotIntegerRejected.ts'
import { responseSchemaConformance } from './responseSchemaConformance.ts'
import { safeIntegerIds } from './safeIntegerIds.ts'
import { statusCodeConformance } from './statusCodeConformance.ts'
import { statusFilter } from './statusFilter.ts'
import { uniqueIds } from './uniqueIds.ts'
import { unknownPetNotFound } from './unknownPetNotFound.ts'
import { unknownStatusRejected } from './unknownStatusRejected.ts'
import { wrongKeyRejected } from './wrongKeyRejected.ts'
import { wwwAuthenticateChallenge } from './wwwAuthenticateChallenge.ts'

/** Every check, in the order they run; the ones that read every exchange come last. */
export const CHECKS: readonly Check[] = [
  missingKeyRejected,
  wrongKeyRejected,
  authVariantsRejected,
  defaultLimit,
  limitBounds,
  limitMaximumHonoured,
  statusFilter,
  createAccepted,
  createRoundTrip,
  uniqueIds,
  badBodiesRejected,
  unknownPetNotFound,
  limitOutOfRangeRejected,
  unknownStatusRejected,
  petIdNotIntegerRejected,
  malformedBodiesRejected,
  deprecationSignals,
  modelBasedSequences,
  noServerErrors,
  errorBodyConformance,
  errorStatusMatches,
  statusCodeConformance,
  contentTypeConformance,
  responseSchemaConformance,
  gapStatusConformance,
  wwwAuthenticateChallenge,
  locationHeader,
  safeIntegerIds,
]
