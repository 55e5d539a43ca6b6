/**
 * Provider states shared by the Pact consumer tests (tests/pact/consumer) and the
 * provider verification (tests/pact/provider). Names are the contract between them.
 *
 * What each state must create, its params and the values it answers are documented (and
 * implemented by the reference server) in server/src/provider-states/; docs/contract/states.md
 * is generated from there. Signed-in requests carry PACT_COOKIE and PACT_XSRF as examples;
 * the pact marks them as the state's `session_cookie` and `xsrf_token` (consumer/pact.ts).
 */
import { MatchersV3 } from '@pact-foundation/pact';

export const STATES = {
  /** Nobody is signed in. */
  signedOut: 'no user is signed in',
  /** An admin is signed in. Params (optional): { email, password }. */
  adminSignedIn: 'an admin is signed in',
  /** A user of type `editor` is signed in (may create and edit features). Params (optional): { email, password }. */
  editorSignedIn: 'an editor is signed in',
  /** A user of type `user` is signed in. Params (optional): { email, password }. */
  userSignedIn: 'a user is signed in',
  /** An account exists. Params: { email, password, type?, recovery_code? } (recovery_code enables 2FA with that code). */
  accountExists: 'an account exists',
  /** A reset token was mailed. Params: { email, token }. */
  resetTokenExists: 'a password reset token exists',
  /** A user with this id exists (besides whoever is signed in). Params: { id, name, email, type }. */
  userExists: 'a user exists',
  /** The signed-in admin started enabling 2FA. Params: { secret, password }. The provider puts the current TOTP code of `secret` into the request's `code`. */
  twoFactorPending: 'the signed-in user has a pending two-factor secret',
  /** The signed-in admin has 2FA on. Params: { password, recovery_code }. */
  twoFactorEnabled: 'the signed-in user has two-factor enabled',
  /** A self-registered account whose address is not confirmed yet. Params: { email, password, token } (the mailed token). */
  unconfirmedRegistration: 'a registration awaits address confirmation',

  // Maps domain: rows inserted with the ids the params give, so interactions may name them.
  /** Params: { id, title }. */
  mapExists: 'a map exists',
  /** Params: { map_id, id, name, type? (vector), geometry_type?, category_id?, order?, properties? ([{name, label?, type?, required?, options?}]) }. */
  layerExists: 'a layer exists',
  /** Params: { layer_id, id, geometry (GeoJSON), properties }. Also records its `created` history entry by the signed-in user. */
  featureExists: 'a feature exists',
  /** Params: { map_id, id, name, parent_id? }. */
  categoryExists: 'a category exists',
  /** Params: { map_id, id, layer_id, name, fields, operator }. */
  searchExists: 'a search exists',
  /** Params: { map_id, id, layer_id, label, fields, display_field }. */
  mainSearchExists: 'a main search exists',
  /** Params: { map_id, id, layer_id, name, property, type, options? }. */
  filterExists: 'a filter exists',
  /** Params: { map_id, id, layer_id, title, kind, chart?, group_by?, metrics }. */
  widgetExists: 'a dashboard widget exists',
  /** Params: { map_id, id, name, center, zoom }. Owned by whoever is signed in. */
  ownBookmarkExists: 'a bookmark of the signed-in user exists',
  /** Params: { map_id, id, name, center, zoom }. Owned by another account. */
  othersBookmarkExists: 'a bookmark of another user exists',
  /** Params: { id, parent_layer_id, child_layer_id, rule, tolerance_m?, links? ([[parent_feature_id, child_feature_id]]) }. */
  layerRelationExists: 'a layer relation exists',
  /** Params: { feature_id, id, name, mime_type, content }. The bytes are stored where the server keeps local files. */
  featureFileExists: 'a feature file exists',
  /**
   * Params: { id (uuid), user ('signed-in' | 'another'), format, file: { name, content }, status? (ready),
   * progress? }. A job row of kind `export` owned by the signed-in user or by another account;
   * when ready, `content` is written where the server keeps export files (DATA_DIR/exports).
   */
  exportExists: 'an export exists',
  /** Params: { map_id, pipe_layer_id, valve_layer_ids, node_layer_ids, tolerance_m }. */
  waterNetworkConfigured: 'a water network is configured',
  /**
   * Params: { id (uuid), map_id, layer_id, file_name, features_imported, features_skipped }. A
   * finished import job (kind `import`) of the signed-in user that made layer `layer_id`.
   */
  importExists: 'a finished layer import exists',

  // Personal access tokens.
  /**
   * Params: { id, name, abilities }. A token of the signed-in user; requests carrying
   * `Authorization: Bearer PACT_ACCESS_TOKEN` are sent with its real secret.
   */
  userTokenExists: 'a personal access token of the signed-in user exists',
  /** Params: { id, name, abilities }. A token of another account. */
  othersUserTokenExists: 'a personal access token of another user exists',
  /** Params: { map_id, layer_id, id, properties }. The signed-in user saves these properties of an existing feature (its next version). */
  featureEdited: 'a feature was edited',
  /** Params: { map_id, id }. The signed-in user deletes an existing feature (kept for a restore). */
  featureDeleted: 'a feature was deleted',
  /** Params: { id, times }. The feature's recorded changes, oldest first, are dated at `times`. */
  featureHistoryDated: 'a feature’s history is dated',

  // Groups and access per map.
  /** Params: { id, name, description?, member_ids? (contract ids of `userExists` users) }. */
  groupExists: 'a group exists',
  /** Params: { map_id, role (viewer | editor | manager) }. The signed-in account is granted this role on the map. */
  signedInHasRole: 'the signed-in user has a role on a map',
  /** Params: { map_id, id, label }. A live viewer link of the map, logged in its access log. */
  shareLinkExists: 'a share link exists',
} as const;

export const PACT_SESSION = 'pact-session';
export const PACT_XSRF = 'pact-xsrf';
/** Cookie header a signed-in consumer request carries. */
export const PACT_COOKIE = `atlasboard_session=${PACT_SESSION}; XSRF-TOKEN=${PACT_XSRF}`;
/** Cookie header a guest's state-changing request carries. */
export const PACT_GUEST_COOKIE = `XSRF-TOKEN=${PACT_XSRF}`;

/** Stands for a real personal access token in consumer requests; the provider swaps in the state's one. */
export const PACT_ACCESS_TOKEN = 'atb_pat_pact-access-token-0000000000000000000000000';

/**
 * The states that create a thing the interactions name by its `id` param, and the kind the
 * state answers its real id under (`<kind>_<id>`, e.g. `map_1`).
 */
export const STATE_KINDS: Record<string, string> = {
  [STATES.mapExists]: 'map',
  [STATES.layerExists]: 'layer',
  [STATES.featureExists]: 'feature',
  [STATES.categoryExists]: 'category',
  [STATES.searchExists]: 'search',
  [STATES.mainSearchExists]: 'main_search',
  [STATES.filterExists]: 'filter',
  [STATES.widgetExists]: 'widget',
  [STATES.ownBookmarkExists]: 'bookmark',
  [STATES.othersBookmarkExists]: 'bookmark',
  [STATES.layerRelationExists]: 'relation',
  [STATES.featureFileExists]: 'file',
  [STATES.exportExists]: 'export',
  [STATES.importExists]: 'import',
  [STATES.userTokenExists]: 'token',
  [STATES.othersUserTokenExists]: 'token',
  [STATES.userExists]: 'user',
  [STATES.groupExists]: 'group',
  [STATES.shareLinkExists]: 'share_link',
};

/** The provider-state value a created thing's real id comes back under: `map_1`, `export_3f2c…`. */
export function stateKey(kind: string, contractId: string | number): string {
  return `${kind}_${String(contractId).replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** An id in a request body or query: the example here, the real id the state made when verified. */
export function stateId<T extends string | number>(kind: string, contractId: T) {
  return MatchersV3.fromProviderState('${' + stateKey(kind, contractId) + '}', contractId);
}
