import type { Check } from '../Check.ts'
import { badBodiesRejected, malformedBodiesRejected } from './badBodies.ts'
import { createAccepted } from './createAccepted.ts'
import { createRoundTrip } from './createRoundTrip.ts'
import { defaultLimit } from './defaultLimit.ts'
import { deprecationSignals } from './deprecationSignals.ts'
import {
  contentTypeConformance,
  errorBodies,
  gapStatusConformance,
  locationHeader,
  noServerErrors,
  responseSchemaConformance,
  safeIntegerIds,
  statusCodeConformance,
  wwwAuthenticate,
} from './exchangeChecks.ts'
import { limitBounds } from './limitBounds.ts'
import { limitMaximumHonoured } from './limitMaximumHonoured.ts'
import { limitOutOfRangeRejected } from './limitOutOfRangeRejected.ts'
import { missingKeyRejected } from './missingKeyRejected.ts'
import { petIdNotIntegerRejected } from './petIdNotIntegerRejected.ts'
import { statusFilter } from './statusFilter.ts'
import { uniqueIds } from './uniqueIds.ts'
import { unknownPetNotFound } from './unknownPetNotFound.ts'
import { unknownStatusRejected } from './unknownStatusRejected.ts'
import { wrongKeyRejected } from './wrongKeyRejected.ts'

/** Every check, in the order they run; the ones that read every exchange come last. */
export const CHECKS: readonly Check[] = [
  missingKeyRejected,
  wrongKeyRejected,
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
  noServerErrors,
  errorBodies,
  statusCodeConformance,
  contentTypeConformance,
  responseSchemaConformance,
  gapStatusConformance,
  wwwAuthenticate,
  locationHeader,
  safeIntegerIds,
]
