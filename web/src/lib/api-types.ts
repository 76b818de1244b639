/**
 * The API's shapes, from the generated contract (`npm run gen:api` writes api-schema.d.ts
 * from ../api/openapi.json; `npm run check:api` fails when it is behind). Features import
 * their answer types from here or through their own `api/types.ts`, never declare them anew.
 */
import type { components } from './api-schema';

type Schemas = components['schemas'];

export type ApiLimits = Schemas['Limits'];
/** The signed-in user as `/api/me` and sign-in answer it (with the session's second factor). */
export type ApiUser = Schemas['Me'];
export type ApiRole = Schemas['Role'];
export type ApiJob = Schemas['Job'];
export type ApiJobStatus = Schemas['JobStatus'];
export type ApiJobList = Schemas['JobList'];
export type ApiJobCreated = Schemas['Created'];
export type ApiCleaned = Schemas['Cleaned'];
export type ApiVoice = Schemas['VoiceView'];
export type ApiVoiceList = Schemas['VoiceList'];
export type ApiLanguage = Schemas['Language'];
export type ApiProviderOption = Schemas['ProviderOption'];
export type ApiDemoOverview = Schemas['Overview'];
export type ApiService = Schemas['ServiceStatus'];
export type ApiServiceList = Schemas['ServiceList'];
export type ApiConnectionTest = Schemas['ConnectionTest'];
export type ApiReauthenticated = Schemas['Reauthenticated'];
export type ApiSession = Schemas['SessionView'];
export type ApiTransaction = Schemas['Transaction'];
export type ApiTransactionPage = Schemas['TransactionPage'];
export type ApiLedgerKind = Schemas['LedgerKind'];
export type ApiProfileBody = Schemas['ProfileBody'];
export type ApiPasswordBody = Schemas['PasswordBody'];
export type ApiDeleteAccountBody = Schemas['DeleteBody'];
export type ApiMessage = Schemas['Message'];
export type ApiEmailBody = Required<Schemas['EmailBody']>;
export type ApiResetBody = Required<Schemas['ResetBody']>;
export type ApiAdminUser = Schemas['AdminUser'];
export type ApiUserOverview = Schemas['UserOverview'];
export type ApiUserStats = Schemas['UserStats'];
export type ApiNewUserInput = Schemas['NewUserInput'];
export type ApiUserUpdate = Schemas['UserUpdate'];
export type ApiBalanceAdjustment = Schemas['BalanceAdjustment'];
export type ApiAuditEntry = Schemas['Entry'];
export type ApiAuditAction = Schemas['AuditAction'];
export type ApiBillingOptions = Schemas['BillingOptions'];
export type ApiTopUpRequest = Schemas['TopUpRequest'];
export type ApiCheckoutStart = Schemas['CheckoutStart'];
export type ApiGateState = Schemas['GateState'];
export type ApiTwoFactorStatus = Schemas['TwoFactorStatus'];
export type ApiTwoFactorSetup = Schemas['Setup'];
export type ApiRecoveryCodes = Schemas['RecoveryCodes'];
export type ApiCodeInput = Required<Schemas['CodeInput']>;
export type ApiDisableTwoFactorBody = Required<Schemas['DisableBody']>;
export type ApiJobSource = Schemas['JobSource'];
export type ApiLabelRef = Schemas['LabelRef'];
export type ApiSaveCategory = Schemas['SaveCategory'];
export type ApiSaved = Schemas['Saved'];
export type ApiStats = Schemas['Stats'];
export type ApiDayStats = Schemas['DayStats'];
export type ApiCategory = Schemas['CategoryView'];
export type ApiCategoryChange = Schemas['CategoryChange'];
export type ApiCategoryDeleted = Schemas['CategoryDeleted'];
export type ApiTag = Schemas['TagView'];
export type ApiChanged = Schemas['Changed'];
export type ApiTagged = Schemas['Tagged'];
export type ApiKeyView = Schemas['ApiKeyView'];
export type ApiCreatedKey = Schemas['CreatedKey'];
export type ApiWebhookEndpoint = Schemas['EndpointView'];
export type ApiSavedEndpoint = Schemas['SavedEndpoint'];
export type ApiDelivery = Schemas['DeliveryView'];
export type ApiDeliveryAttempt = Schemas['Attempt'];
