/** Shapes of the /api/account endpoints, from the generated API contract. */

import type {
  ApiDeleteAccountBody,
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
