/** Shapes of the /api/account endpoints, from the generated API contract. */

import type {
  ApiDeleteAccountBody,
  ApiDisableTwoFactorBody,
  ApiEnableTwoFactorBody,
  ApiRecoveryCodes,
  ApiSignedOutEverywhere,
  ApiTwoFactorSetup,
  ApiTwoFactorStatus,
  ApiPasswordBody,
  ApiProfileBody,
  ApiSession,
  ApiTransaction,
  ApiTransactionPage,
} from '@/lib/api-types';

/** `GET /api/account/sessions` (one entry) */
export type Session = ApiSession;

/** One booking of `GET /api/account/transactions` */
export type Transaction = ApiTransaction;

/** `GET /api/account/transactions?page=&per_page=` */
export type TransactionPage = ApiTransactionPage;

/** `PATCH /api/account` */
export type ProfileBody = Required<ApiProfileBody>;

/** `POST /api/account/password` */
export type PasswordBody = Required<ApiPasswordBody>;

/** `DELETE /api/account` */
export type DeleteAccountBody = Required<ApiDeleteAccountBody>;

/** `GET /api/account/two-factor` */
export type TwoFactorStatus = ApiTwoFactorStatus;

/** `POST /api/account/two-factor/setup`: the new secret, its otpauth URL and QR code (SVG) */
export type TwoFactorSetup = ApiTwoFactorSetup;

/** `POST /api/account/two-factor/enable`: the ten recovery codes, shown once */
export type RecoveryCodes = ApiRecoveryCodes;

/** `POST /api/account/two-factor/enable`: the current password and a first code */
export type EnableTwoFactorBody = ApiEnableTwoFactorBody;

/** `DELETE /api/account/sessions`: what "Überall abmelden" ended, with a German sentence */
export type SignedOutEverywhere = ApiSignedOutEverywhere;

/** `DELETE /api/account/two-factor` */
export type DisableTwoFactorBody = ApiDisableTwoFactorBody;
