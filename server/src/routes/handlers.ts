import type { OperationHandlers } from '../openapi/bind-operations.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { forgetPassword, resetPassword } from './password-reset.ts';
import { register, verifyEmail } from './registration.ts';
import { getAbilities, getAuthProviders, getCurrentUser, logout } from './session-info.ts';
import { login, loginTwoFactor } from './sign-in.ts';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from './two-factor.ts';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.ts';
import { exportHandlers } from './exports.ts';
import { layerImportJobHandlers } from './layer-import-jobs.ts';
import { featureHandlers } from './features.ts';
import { layerHandlers } from './layers.ts';
import { layerClassifyHandlers } from './layer-classify.ts';
import { dashboardHandlers } from './dashboards.ts';
import { mapPartHandlers } from './map-parts.ts';
import { mapHandlers } from './maps.ts';
import { waterNetworkHandlers } from './water-network.ts';
import { userTokenHandlers } from './user-tokens.ts';
import { tileJsonHandlers } from './tilejson.ts';
import { ogcFeatureHandlers } from './ogc-features.ts';
import { waterNetworkHydraulicsHandlers } from './water-network-hydraulics.ts';
import { waterNetworkInpImportHandlers } from './water-network-inp-import.ts';
import { waterNetworkFlowHandlers } from './water-network-flow.ts';
import { groupHandlers } from './groups.ts';
import { mapAccessHandlers } from './map-access.ts';

/** operationId → handler. Operations of the document missing here answer 501 (see bindOperations). */
export const handlers: OperationHandlers = {
  ...typedHandlers({
    login,
    loginTwoFactor,
    register,
    logout,
    getAuthProviders,
    forgetPassword,
    resetPassword,
    verifyEmail,
    getAbilities,
    getCurrentUser,
    startTwoFactor,
    confirmTwoFactor,
    disableTwoFactor,
    listUsers,
    createUser,
    getUser,
    updateUser,
    deleteUser,
  }),
  ...mapHandlers,
  ...layerHandlers,
  ...layerClassifyHandlers,
  ...dashboardHandlers,
  ...mapPartHandlers,
  ...featureHandlers,
  ...exportHandlers,
  ...waterNetworkHandlers,
  ...waterNetworkHydraulicsHandlers,
  ...waterNetworkInpImportHandlers,
  ...waterNetworkFlowHandlers,
  ...layerImportJobHandlers,
  ...userTokenHandlers,
  ...tileJsonHandlers,
  ...ogcFeatureHandlers,
  ...groupHandlers,
  ...mapAccessHandlers,
};
