/** A listPets query as the model judges it: only values the document defines an answer for. */
export interface ListQuery {
  limit?: number | undefined
  status?: string | undefined
}
