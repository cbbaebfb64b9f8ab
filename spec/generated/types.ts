// Generated from spec/openapi.yaml by `npm run generate`. Do not edit: edit the spec.
/**
 * Availability of an animal.
 */
export type PetStatus = "available" | "pending" | "sold";
/**
 * An animal as returned. Every field of NewPet with the same rules, plus `id`.
 */
export type Pet = NewPet & {
  /**
   * Unique identifier assigned by the service on creation. This project's mock assigns
   * only positive integers up to 2^53 - 1.
   *
   */
  id: number;
};
/**
 * A list of animals; the body of the list response.
 */
export type Pets = Pet[];
/**
 * Availability of an animal.
 */
export type PetStatus1 = "available" | "pending" | "sold";

export interface PetStoreSpec {
  PetStatus?: PetStatus;
  NewPet?: NewPet;
  Pet?: Pet;
  Pets?: Pets;
  Error?: Error;
  ListPetsQuery?: ListPetsQuery;
  GetPetPath?: GetPetPath;
}
/**
 * The body sent when adding an animal. The interface document sets no length or character
 * limits on `name`, so neither does this schema (the mock's body cap bounds it).
 *
 */
export interface NewPet {
  /**
   * The animal's name.
   */
  name: string;
  /**
   * Identifier of the category the animal belongs to. Any int64 is valid, and this
   * project's mock gives it back digit for digit, also beyond 2^53 - 1 (which a JavaScript
   * client that parses with a plain `JSON.parse` would round on its side). A value beyond
   * int64 gets 400.
   *
   */
  categoryId: number;
  status?: PetStatus;
}
/**
 * The body of every error response. `status` repeats the HTTP status code. The set of
 * `code` values is not part of the interface; this project's mock uses `unauthorized`,
 * `invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,
 * `not_found`, `route_not_found`, `method_not_allowed`,
 * `payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),
 * `malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock
 * `session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.
 *
 */
export interface Error {
  /**
   * Machine-readable error code.
   */
  code: string;
  /**
   * Human-readable description.
   */
  message: string;
  /**
   * The HTTP status code.
   */
  status: number;
}
/**
 * The query parameters of listPets.
 */
export interface ListPetsQuery {
  /**
   * Maximum number of animals returned: 1 to 100, 20 when omitted. This project's mock
   * answers a `limit` outside 1..100, or one that is not an integer, with 400.
   *
   */
  limit?: number;
  status?: PetStatus1;
}
/**
 * The path parameters of getPet.
 */
export interface GetPetPath {
  /**
   * Identifier of the animal. Any int64 is a well-formed `petId`; this project's mock assigns
   * only identifiers up to 2^53 - 1 (exact in JavaScript), so a larger one is simply not found,
   * never rounded onto another pet. Text that is not an int64 (`1.0`, `1e3`, `+1`, beyond
   * ±2^63) gets 400.
   *
   */
  petId: number;
}

/** Every operationId in the spec. */
export type OperationId = 'listPets' | 'createPet' | 'getPet'
