import {
  ambiguousCredentialsRejected,
  authVariantsRejected,
  bearerSpellingsAccepted,
  missingKeyRejected,
  wrongKeyRejected,
} from './authVariantsRejected.ts'
import { badBodiesRejected, malformedBodiesRejected, rejectedBodiesNotStored } from './badBodies.ts'
import { bodyWithinCap } from './bodyWithinCap.ts'
import type { Check } from './Check.ts'
import { challengeWithoutErrorCode } from './challengeWithoutErrorCode.ts'
import { clientIdNotUsed } from './clientIdNotUsed.ts'
import { contentTypeConformance } from './contentTypeConformance.ts'
import { createAccepted } from './createAccepted.ts'
import { createdPetsKept } from './createdPetsKept.ts'
import { createRoundTrip } from './createRoundTrip.ts'
import { defaultLimit } from './defaultLimit.ts'
import { deprecationMarksTrue } from './deprecationMarksTrue.ts'
import { deprecationSignals } from './deprecationSignals.ts'
import { errorBodyConformance } from './errorBodyConformance.ts'
import { errorBodySaysWhy } from './errorBodySaysWhy.ts'
import { errorStatusMatches } from './errorStatusMatches.ts'
import { extremeIdsNotFound } from './extremeIdsNotFound.ts'
import { formsEquivalent, formsRefused } from './formsEquivalent.ts'
import { gapStatusConformance } from './gapStatusConformance.ts'
import { gapValuesExact } from './gapValuesExact.ts'
import { INVARIANT_CHECKS } from './invariantChecks.ts'
import { limitBounds } from './limitBounds.ts'
import { limitMaximumHonoured } from './limitMaximumHonoured.ts'
import { listedPetsRetrievable } from './listedPetsRetrievable.ts'
import { locationHeader } from './locationHeader.ts'
import { modelBasedSequences } from './modelBasedSequences.ts'
import { noServerErrors } from './noServerErrors.ts'
import { paddedPetIdSamePet } from './paddedPetIdSamePet.ts'
import {
  parameterErrorsNamed,
  parameterViolationsHandled,
  parameterViolationsRejected,
} from './parameterViolations.ts'
import { responseSchemaConformance } from './responseSchemaConformance.ts'
import { safeIntegerIds } from './safeIntegerIds.ts'
import { serverKeepsAnswering } from './serverKeepsAnswering.ts'
import { statusCodeConformance } from './statusCodeConformance.ts'
import { statusFilter } from './statusFilter.ts'
import { uniqueIds } from './uniqueIds.ts'
import { unknownPetNotFound } from './unknownPetNotFound.ts'
import { wwwAuthenticateChallenge } from './wwwAuthenticateChallenge.ts'

/** Every check, in the order they run; the ones that read every exchange come last. */
export const CHECKS: readonly Check[] = [
  missingKeyRejected,
  wrongKeyRejected,
  bearerSpellingsAccepted,
  defaultLimit,
  limitBounds,
  limitMaximumHonoured,
  statusFilter,
  createAccepted,
  createRoundTrip,
  uniqueIds,
  clientIdNotUsed,
  gapValuesExact,
  badBodiesRejected,
  rejectedBodiesNotStored,
  unknownPetNotFound,
  extremeIdsNotFound,
  paddedPetIdSamePet,
  parameterViolationsHandled,
  parameterViolationsRejected,
  parameterErrorsNamed,
  malformedBodiesRejected,
  formsEquivalent,
  deprecationSignals,
  modelBasedSequences,
  authVariantsRejected,
  ambiguousCredentialsRejected,
  // Reads every list the checks above received.
  listedPetsRetrievable,
  // Last of the checks that send: it reads every create the others made.
  createdPetsKept,
  noServerErrors,
  serverKeepsAnswering,
  errorBodyConformance,
  errorBodySaysWhy,
  errorStatusMatches,
  formsRefused,
  // The interface's invariants, on every exchange whichever check or phase sent it (model/judgeInvariants.ts).
  ...INVARIANT_CHECKS,
  statusCodeConformance,
  contentTypeConformance,
  deprecationMarksTrue,
  responseSchemaConformance,
  gapStatusConformance,
  wwwAuthenticateChallenge,
  challengeWithoutErrorCode,
  locationHeader,
  safeIntegerIds,
  bodyWithinCap,
]
