/**
 * GENERATED FILE — DO NOT EDIT. The sPay API's object types, generated from the server's OpenAPI
 * document (GET /v1/openapi.json) by openapi-typescript. To regenerate after changing a route or
 * schema: pnpm --filter @spay/server generate:api-types
 */
export interface paths {
  "/v1/auth/register": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create an account with email and password */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RegisterRequest"];
        };
      };
      responses: {
        /** @description Account and session */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SessionGrant"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/login": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in with email and password */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["LoginRequest"];
        };
      };
      responses: {
        /** @description Session, or a challenge for the account's second factor */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SignInResult"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke the current session */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Ok"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user (validates a stored session) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Current user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              user: components["schemas"]["User"];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change the signed-in user's name or email */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProfileUpdateRequest"];
        };
      };
      responses: {
        /** @description Updated user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              user: components["schemas"]["User"];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/auth/password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Change the password; the user's other sessions are signed out */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasswordChangeRequest"];
        };
      };
      responses: {
        /** @description Changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Ok"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/wallet/challenge": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A single-use message for a Stacks wallet to sign (expires in 5 minutes) */
    get: {
      parameters: {
        query: {
          address: string;
          purpose?: "sign_in" | "payout_wallet";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Challenge */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WalletChallenge"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/wallet/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in with a signed wallet challenge */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["WalletVerifyRequest"];
        };
      };
      responses: {
        /** @description Session, or a challenge for the account's second factor */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SignInResult"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/two-factor": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the signed-in user has a second factor, and how many recovery codes are left */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Second factor */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["TwoFactorStatus"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/two-factor/totp": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start adding an authenticator app: a new secret, pending until a first code confirms it */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["NoParametersRequest"];
        };
      };
      responses: {
        /** @description The secret, as an otpauth URL and as text */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["TotpEnrollment"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /** Remove the authenticator and recovery codes (needs a second factor proved in the last 5 minutes). Other sessions are signed out */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["TwoFactorStatus"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/two-factor/totp/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Activate the authenticator with a first code; answers ten recovery codes, once. Other sessions are signed out */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["TotpConfirmRequest"];
        };
      };
      responses: {
        /** @description Recovery codes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["RecoveryCodes"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/two-factor/recovery-codes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Replace every recovery code with ten new ones (needs a second factor proved in the last 5 minutes) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["NoParametersRequest"];
        };
      };
      responses: {
        /** @description Recovery codes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["RecoveryCodes"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/two-factor/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Complete a sign-in that asked for the second factor: the challenge token with a code, a recovery code or a passkey's answer */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SecondFactorVerifyRequest"];
        };
      };
      responses: {
        /** @description Session */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SessionGrant"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/two-factor/step-up": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Prove the second factor again for this session, allowing guarded actions for 5 minutes */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SecondFactorStepUpRequest"];
        };
      };
      responses: {
        /** @description Proved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SecondFactorStepUp"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/passkeys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your passkeys */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Passkeys, oldest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PasskeyList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** Add the passkey the browser created from the registration options. Other sessions are signed out */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasskeyRegisterRequest"];
        };
      };
      responses: {
        /** @description Added */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Passkey"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/passkeys/registration-options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Options to create a passkey for your account (needs a second factor proved in the last 5 minutes, if you have one) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["NoParametersRequest"];
        };
      };
      responses: {
        /** @description Creation options */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PasskeyCreationOptions"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/passkeys/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove one of your passkeys (needs a second factor proved in the last 5 minutes). Other sessions are signed out */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Deleted"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Rename one of your passkeys */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasskeyRenameRequest"];
        };
      };
      responses: {
        /** @description Renamed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Passkey"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/auth/passkeys/step-up-options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Options for one of your passkeys to prove the second factor again (answer with POST /v1/auth/two-factor/step-up) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["NoParametersRequest"];
        };
      };
      responses: {
        /** @description Request options */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PasskeyRequestOptions"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/two-factor/passkey-options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Options for a passkey to meet a sign-in's second-factor challenge (answer with POST /v1/auth/two-factor/verify) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasskeySecondFactorOptionsRequest"];
        };
      };
      responses: {
        /** @description Request options */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PasskeyRequestOptions"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/passkeys/sign-in-options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Options to sign in with a passkey alone: the browser offers the passkeys it holds for sPay */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["NoParametersRequest"];
        };
      };
      responses: {
        /** @description Request options */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PasskeyRequestOptions"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/passkeys/sign-in": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in with a passkey alone: one that verified its user is both factors, so no second-factor challenge follows */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasskeySignInRequest"];
        };
      };
      responses: {
        /** @description Session */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SessionGrant"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your sessions still in force: device, address, created and last seen */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Sessions */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SessionList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/sessions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Sign out one of your sessions (it fails on its next request) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Signed out */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Deleted"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/sessions/revoke_others": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out every other session of your account */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Signed out */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["RevokedSessions"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/auth/preferences": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Which emails you receive */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Preferences */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Preferences"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Turn emails on or off (payment and refund notifications, team news, security alerts) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PreferencesUpdateRequest"];
        };
      };
      responses: {
        /** @description Preferences */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Preferences"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/organizations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Organizations the signed-in user belongs to */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              object: "list";
              data: components["schemas"]["Organization"][];
              organizations: components["schemas"]["Organization"][];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** Create an organization (the caller becomes its owner) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateOrganizationRequest"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Organization"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/organizations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve an organization */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Organization */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Organization"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete an organization with all its workspaces and their data */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Deleted"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Update an organization */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["UpdateOrganizationRequest"];
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Organization"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/organizations/{id}/workspaces": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Workspaces of an organization */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              object: "list";
              data: components["schemas"]["Workspace"][];
              workspaces: components["schemas"]["Workspace"][];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a workspace (with a default sandbox environment)
     * @description Without `slug`, one is derived from the name (suffixed when taken); an explicit taken slug is `slug_taken`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateWorkspaceRequest"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Workspace"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/organizations/{id}/members": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The organization's members and their roles */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Members */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["MemberList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/organizations/{id}/members/{user_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a member, or leave (your own user id); their sessions end at once */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          user_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Deleted"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a member's role (only an owner grants or removes the owner role; the last owner stays) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          user_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ChangeRoleRequest"];
        };
      };
      responses: {
        /** @description Member */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Member"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/organizations/{id}/transfer_ownership": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Make another member the owner; you become an admin */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["TransferOwnershipRequest"];
        };
      };
      responses: {
        /** @description Members */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["MemberList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/organizations/{id}/invitations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Invitations not yet accepted or revoked (expired ones included, marked so) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Invitations */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["InvitationList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** Invite someone by email with a role; the link is mailed and works once, for a week */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateInvitationRequest"];
        };
      };
      responses: {
        /** @description Invitation */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Invitation"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/organizations/{id}/invitations/{invitation_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a pending invitation: its link stops working */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          invitation_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Invitation"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/invitations/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** What an invitation link offers (organization, role, whether the address has an account) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["InvitationTokenRequest"];
        };
      };
      responses: {
        /** @description Invitation */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["InvitationPreview"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/invitations/accept": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accept an invitation with the signed-in account (its email must be the invited one) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["AcceptInvitationRequest"];
        };
      };
      responses: {
        /** @description Joined */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AcceptedInvitation"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/invitations/register": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accept an invitation by creating an account with the invited email */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RegisterWithInvitationRequest"];
        };
      };
      responses: {
        /** @description Account, membership and session */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["InvitedSessionGrant"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/workspaces/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a workspace */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Workspace */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Workspace"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a workspace and everything in it */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Deleted"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Update a workspace's name, slug, browser amounts or payment notification email */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["UpdateWorkspaceRequest"];
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Workspace"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/workspaces/{id}/business-profile": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update the business profile (display name, website, description) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BusinessProfileRequest"];
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Workspace"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/workspaces/{id}/api-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a workspace's API keys (secret keys masked to their prefix) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              object: "list";
              data: components["schemas"]["ApiKey"][];
              api_keys: components["schemas"]["ApiKey"][];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** Create an API key (a secret key is shown in full only in this response) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateApiKeyRequest"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ApiKey"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/api-keys/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a key; it fails on its next request */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ApiKey"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Rename, enable/disable or re-scope a key (a revoked key stays revoked) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["UpdateApiKeyRequest"];
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ApiKey"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/api-keys/{id}/roll": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Roll a key: a new key replaces it, the old one is refused after the chosen overlap
     * @description Creates a key of the same type, environment, name and scopes (its full value is shown in this response only) and sets the old key's `expires_at`. Allowed overlaps (`expires_in_seconds`): 0 revokes the old key at once; 3600 (1 hour), 86400 (24 hours), 259200 (3 days) or 604800 (7 days) keep it working that long, then it is refused as if revoked. A revoked key, or one already rolled, cannot be rolled (409). Send an Idempotency-Key to retry safely.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          "idempotency-key"?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RollApiKeyRequest"];
        };
      };
      responses: {
        /** @description The new key, shown in full once */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ApiKey"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/audit_log": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List security-relevant actions (sign-ins, keys, endpoints, deletions), newest first
     * @description A session sees the workspace named by `X-Workspace-Id` plus its own account's entries; a secret key sees its workspace's entries, except those about the other environment's objects.
     */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
          action?:
            | "user.signed_in"
            | "user.sign_in_failed"
            | "user.registered"
            | "user.wallet_linked"
            | "user.password_changed"
            | "user.two_factor_enabled"
            | "user.two_factor_disabled"
            | "user.recovery_codes_regenerated"
            | "user.recovery_code_used"
            | "user.second_factor_failed"
            | "user.passkey_added"
            | "user.passkey_removed"
            | "api_key.created"
            | "api_key.rolled"
            | "api_key.revoked"
            | "webhook_endpoint.created"
            | "webhook_endpoint.secret_rotated"
            | "webhook_endpoint.deleted"
            | "environment.deleted"
            | "workspace.payout_wallet_verified"
            | "workspace.business_profile_changed"
            | "workspace.browser_amounts_changed"
            | "workspace.payment_notifications_changed"
            | "transfer.assigned"
            | "refund.created"
            | "refund.canceled"
            | "mail.retried"
            | "account.deleted"
            | "member.invited"
            | "member.invitation_revoked"
            | "member.joined"
            | "member.role_changed"
            | "member.removed"
            | "organization.ownership_transferred"
            | "organization.two_factor_requirement_changed"
            | "session.revoked"
            | "session.others_revoked"
            | "export.created"
            | "export.downloaded";
          /** @description Only what this user or API key did */
          actor_id?: string;
          /** @description From this time (unix seconds) */
          from?: number | null;
          /** @description Until this time (unix seconds) */
          to?: number | null;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AuditEntryList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/environments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the workspace's environments */
    get: {
      parameters: {
        query?: never;
        header?: {
          /** @description The merchant's Stacks address (legacy header) */
          "x-merchant-principal"?: string;
          "x-workspace-id"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              object: "list";
              data: components["schemas"]["Environment"][];
              environments: components["schemas"]["Environment"][];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** Create an environment (name: letters, digits, - and _, ≤ 50) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description The merchant's Stacks address (legacy header) */
          "x-merchant-principal"?: string;
          "x-workspace-id"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateEnvironmentRequest"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Environment"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/environments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete an environment and all its data (never the last one) */
    delete: {
      parameters: {
        query?: never;
        header?: {
          /** @description The merchant's Stacks address (legacy header) */
          "x-merchant-principal"?: string;
          "x-workspace-id"?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Deleted"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Rename an environment or set the confirmations its payments need */
    patch: {
      parameters: {
        query?: never;
        header?: {
          /** @description The merchant's Stacks address (legacy header) */
          "x-merchant-principal"?: string;
          "x-workspace-id"?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["UpdateEnvironmentRequest"];
        };
      };
      responses: {
        /** @description Renamed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Environment"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/onboarding/wallet/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify the payout wallet (server-side signature check); creates test keys
     * @description Get a challenge with `GET /v1/auth/wallet/challenge?address=…&purpose=payout_wallet`, sign it in the wallet, and send the signature and public key.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description The workspace being onboarded (required) */
          "x-workspace-id"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PayoutWalletVerifyRequest"];
        };
      };
      responses: {
        /** @description Verified */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              merchant: components["schemas"]["Merchant"];
              wallet: {
                stacks_address: string;
                stacks_publickey: string;
                bitcoin_payment_address: string | null;
                bitcoin_ordinals_address: string | null;
                verification_message: string;
                verification_signature: string;
                verified_at: string;
                wallet_address: string;
              };
              api_keys: components["schemas"]["ApiKey"][];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/onboarding/webhook": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register the webhook URL as a sandbox endpoint (or reuse it) and send it a signed test
     * @description The endpoint is subscribed to the payment events; its signing secret is in `endpoint.secret` only when `created`. The test joins the endpoint's delivery log; a 2xx answer marks the step 'webhook tested'.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description The workspace being onboarded (required) */
          "x-workspace-id"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OnboardingWebhookRequest"];
        };
      };
      responses: {
        /** @description Endpoint and test outcome (ok or not) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["OnboardingWebhook"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/onboarding/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Onboarding progress of a workspace */
    get: {
      parameters: {
        query?: never;
        header?: {
          /** @description The workspace being onboarded (required) */
          "x-workspace-id"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Status */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["OnboardingStatus"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/onboarding/api-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Active API keys of a workspace (secret keys masked) */
    get: {
      parameters: {
        query?: never;
        header?: {
          /** @description The workspace being onboarded (required) */
          "x-workspace-id"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Keys */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              api_keys: components["schemas"]["ApiKey"][];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/merchants/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve the signed-in user's merchant record */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Merchant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Merchant"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/merchants/create-for-user": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create (or return) the merchant record of the signed-in user */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateMerchantForUserRequest"];
        };
      };
      responses: {
        /** @description Merchant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              merchant_id: string;
              merchant: components["schemas"]["Merchant"];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/merchants/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete the signed-in account and all of its data
     * @description Send `{email}` or `{id}` (merchant or user id) of the signed-in account.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["DeleteAccountRequest"];
        };
      };
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              deleted: true;
              message: string;
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/products": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List products, newest first */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ProductList"] & {
              products: components["schemas"]["Product"][];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** Create a product and its payment link */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProductRequest"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Product"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/products/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a product */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Product */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Product"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /** Replace a product (and re-sync its payment link) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProductRequest"];
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Product"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    /** Delete a product (its payment link stops selling) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Deleted"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/products": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Legacy product sync: create or update by id, price in dollars */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["LegacyProductRequest"];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Product"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/products/{id}/image": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set the product's image (replaces any other)
     * @description The body is the image file (JPEG, PNG, WebP, AVIF or GIF; at most 8 MB, 40 megapixels, 12,000 pixels a side). Its bytes decide its type: a Content-Type naming another image type is refused, SVG is refused, and so is a file carrying anything besides the image. It is re-encoded as webp at 256, 512 and 1024 pixels wide (never wider than the upload), without its metadata.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "image/jpeg": string;
          "image/png": string;
          "image/webp": string;
          "image/avif": string;
          "image/gif": string;
          "application/octet-stream": string;
        };
      };
      responses: {
        /** @description The product with its new image */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Product"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Image file larger than 8 MB (image_too_large) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not an accepted image type (image_type_unsupported) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /** Remove the product's image */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The product without an image */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Product"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/payment-links": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create or update a payment link */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PaymentLinkRequest"];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentLink"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/payment-links/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public: a payment link as the hosted page renders it
     * @description 404 `payment_link_not_found`, 410 `payment_link_expired`, 403 `payment_link_disabled`.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Payment link */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentLink"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Gone */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment_intents": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List payment intents, newest first (secret key or session) */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
          /** @description One status or a comma-separated list */
          status?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentIntentList"] & {
              payment_intents: components["schemas"]["PaymentIntent"][];
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a payment intent (publishable or secret key; send an Idempotency-Key)
     * @description With `product_id` or `payment_link` the price comes from the catalogue. A publishable key may only create intents for an active product or payment link of its environment, unless the workspace allows custom amounts from the browser (`custom_amount_not_allowed`).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          "idempotency-key"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreatePaymentIntentRequest"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentIntent"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Gone */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment_intents/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a payment intent (a publishable key with the intent's client_secret: the checkout follows its status) */
    get: {
      parameters: {
        query?: {
          /** @description The intent's `client_secret`; required with a publishable key */
          client_secret?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Payment intent */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentIntent"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment_intents/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel an unpaid payment intent */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["CancelPaymentIntentRequest"];
        };
      };
      responses: {
        /** @description Canceled */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentIntent"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment_intents/{id}/submit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report the txid of the transfer the checkout broadcast (a publishable key with the intent's client_secret)
     * @description A hint, never a claim: the gateway looks the transaction up and it counts only for the intent whose memo it carries. When the memo is this intent's, the intent moves to `transaction_broadcast` and the watcher verifies it on chain; while the chain does not know the txid yet, the intent is returned unchanged and the watcher resolves the report. A transaction whose memo names another intent, or none (an unmatched transfer the merchant may assign), is refused with `transaction_not_for_intent` and settles nothing here. Reporting a transaction for an expired intent records a late payment.
     */
    post: {
      parameters: {
        query?: {
          /** @description The intent's `client_secret`; required with a publishable key */
          client_secret?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SubmitTransactionRequest"];
        };
      };
      responses: {
        /** @description Recorded */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentIntent"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment_intents/{id}/stream": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Server-sent events: the intent now and after every change, until a terminal status (a publishable key with the intent's client_secret)
     * @description Each message is `event: payment_intent` with the intent JSON as data; the stream ends after `payment_settled`, `failed`, `canceled` or `expired`.
     */
    get: {
      parameters: {
        query?: {
          /** @description The intent's `client_secret`; required with a publishable key */
          client_secret?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description text/event-stream */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/event-stream": string;
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment_intents/{id}/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Status history of a payment intent (a publishable key with the intent's client_secret) */
    get: {
      parameters: {
        query?: {
          /** @description The intent's `client_secret`; required with a publishable key */
          client_secret?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Events */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              object: "list";
              data: components["schemas"]["PaymentEvent"][];
              has_more: boolean;
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook_endpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List webhook endpoints */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {string} */
              object: "list";
              data: components["schemas"]["WebhookEndpoint"][];
              has_more: boolean;
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a webhook endpoint (the secret is returned only here)
     * @description The URL must reach the public internet (`url_not_allowed` otherwise, the same answer for every reason): loopback, private, link-local, CGNAT, reserved and IPv4-embedding IPv6 targets are refused, except for sandbox endpoints of a gateway in `SPAY_DEPLOYMENT=local` mode.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook_endpoints/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a webhook endpoint */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Endpoint */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a webhook endpoint */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Deleted"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Update the URL, events, description, or enable/disable */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/v1/webhook_endpoints/{id}/rotate_secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rotate the signing secret; the old one keeps signing beside it for 24 h */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Rotated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpoint"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List events, newest first */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
          type?:
            | "payment_intent.created"
            | "payment_intent.processing"
            | "payment_intent.succeeded"
            | "payment_intent.partially_paid"
            | "payment_intent.paid_late"
            | "payment_intent.failed"
            | "payment_intent.expired"
            | "payment_intent.canceled"
            | "refund.created"
            | "refund.succeeded"
            | "refund.failed"
            | "webhook.sandbox_test";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["EventList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/stream": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Server-sent events: the workspace's events as they happen (used by `spay listen`)
     * @description Each message has `id` = the event id, `event` = its type, `data` = the event JSON. Resume with `Last-Event-ID`.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description text/event-stream */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/event-stream": string;
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve an event with its deliveries and every attempt */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Event */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["EventWithDeliveries"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/{id}/redeliver": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send an event again now (to one endpoint, or every subscribed one) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["RedeliverRequest"];
        };
      };
      responses: {
        /** @description Queued */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["EventWithDeliveries"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook/sandbox": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a signed `webhook.sandbox_test` to a URL from the server and report the outcome
     * @description 10 s timeout; SPEC.md §8's messages for timeout, network error and non-2xx. When the URL is an endpoint of the workspace (and environment), the test is signed with its secret and logged among its deliveries (`test: true`), and success marks the onboarding step 'webhook tested'; any other URL gets a one-time secret and is logged nowhere.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["WebhookSandboxTestRequest"];
        };
      };
      responses: {
        /** @description Outcome (ok or not) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookSandboxTestResult"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/x402/requirements": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Issue fresh payment requirements (nonce, expiry, payout address) for a paid resource */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["X402RequirementsRequest"];
        };
      };
      responses: {
        /** @description x402 v2 requirements, ready for a 402 answer */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402PaymentRequired"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/x402/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Check a payment against a requirement without broadcasting */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["X402FacilitatorRequest"];
        };
      };
      responses: {
        /** @description Verdict */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402VerifyResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/x402/settle": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Verify, broadcast (or look up) and record the payment; each payment settles once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["X402FacilitatorRequest"];
        };
      };
      responses: {
        /** @description Outcome */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402SettleResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/x402/supported": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The payment kinds this facilitator settles */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Kinds */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402SupportedResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/x402/{facilitatorKey}/supported": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public facilitator (settle answers in the mempool): the payment kinds it settles */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The environment's publishable key (pk_test_… / pk_live_…) */
          facilitatorKey: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Kinds */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402SupportedResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/x402/{facilitatorKey}/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Public facilitator (settle answers in the mempool): check a signed payment without broadcasting */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The environment's publishable key (pk_test_… / pk_live_…) */
          facilitatorKey: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["X402FacilitatorRequest"];
        };
      };
      responses: {
        /** @description Verdict */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402VerifyResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/x402/{facilitatorKey}/settle": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Public facilitator: verify, broadcast and record a signed payment; success means in the mempool */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The environment's publishable key (pk_test_… / pk_live_…) */
          facilitatorKey: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["X402FacilitatorRequest"];
        };
      };
      responses: {
        /** @description Outcome */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402SettleResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/x402/{facilitatorKey}/confirmed/supported": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public facilitator (settle answers succeeded on chain): the payment kinds it settles */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The environment's publishable key (pk_test_… / pk_live_…) */
          facilitatorKey: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Kinds */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402SupportedResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/x402/{facilitatorKey}/confirmed/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Public facilitator (settle answers succeeded on chain): check a signed payment without broadcasting */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The environment's publishable key (pk_test_… / pk_live_…) */
          facilitatorKey: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["X402FacilitatorRequest"];
        };
      };
      responses: {
        /** @description Verdict */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402VerifyResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/x402/{facilitatorKey}/confirmed/settle": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Public facilitator: verify, broadcast and record a signed payment; success means succeeded on chain */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The environment's publishable key (pk_test_… / pk_live_…) */
          facilitatorKey: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["X402FacilitatorRequest"];
        };
      };
      responses: {
        /** @description Outcome */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["X402SettleResponse"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment_intents/{id}/fulfillment": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set the fulfillment status of a settled payment (secret key or session)
     * @description `processing`, `shipped`, `delivered` or `completed`; the change is written to the payment's event timeline. A payment that is not settled answers 409 `payment_intent_unexpected_state`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["SetFulfillmentRequest"];
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentIntent"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The Payments screen's list: payment intents by filter, newest first, cursor paged */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
          /** @description SPEC.md §4 filters: all, paid, pending, fulfillment, failed */
          filter?: "all" | "paid" | "pending" | "fulfillment" | "failed";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments/counts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How many payments each filter chip holds */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Counts */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentCounts"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/unmatched_transfers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List transfers into the payout address that named no payment intent, newest first
     * @description A transfer counts only for the intent whose memo it carries. One with no memo, or a memo naming no intent of this payout address and token, settles nothing by itself and is listed here (secret key or session; this workspace and environment).
     */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["UnmatchedTransferList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/unmatched_transfers/{txid}/assign": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Assign an unmatched transfer to a payment intent (secret key or session)
     * @description The intent must be of this workspace and environment, paid to the same address in the same token, and open or expired. The transfer then counts for it through the normal settlement path (payment event reason `assigned_by_merchant`), and the assignment is recorded in the audit log (`transfer.assigned`). A transfer already assigned or already counted answers 409 `transfer_already_assigned`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          txid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["AssignUnmatchedTransferRequest"];
        };
      };
      responses: {
        /** @description Assigned */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["UnmatchedTransfer"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/refunds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List refunds, newest first (secret key or session) */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
          /** @description Only the refunds of this payment intent */
          payment_intent?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["RefundList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Refund a settled payment, in full or in part (secret key; send an Idempotency-Key)
     * @description sPay never holds funds: the refund is created `pending` and the merchant pays it from the payout address (`source`) with a transfer of exactly `amount` of the payment's token to the address that paid (`destination`, the settling transfer's sender as the chain showed it) whose memo is the refund id. The watcher counts that transfer once and the refund becomes `succeeded` (webhook `refund.succeeded`); the payment intent then shows `amount_refunded` and the status `partially_refunded` or `refunded`. A transfer with another amount or memo is not counted. The amount may not exceed what the payment received less the refunds pending or succeeded (`refund_exceeds_refundable`).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          "idempotency-key"?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateRefundRequest"];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Refund"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/refunds/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a refund (secret key or session) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Refund */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Refund"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/refunds/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel a pending refund the merchant will not pay (it fails; its amount is refundable again) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["NoParametersRequest"];
        };
      };
      responses: {
        /** @description Canceled */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Refund"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/customers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List customers, newest first (secret key or session)
     * @description A customer is a payer's email in one environment, with the address it last paid from, its lifetime value (cents of settled payments less refunds) and its payment and refund counts.
     */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
          /** @description Only customers whose email contains this text (case-insensitive) */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CustomerList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/customers/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a customer (secret key or session) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Customer */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Customer"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/mail": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List receipt mails, newest first (secret key or session)
     * @description The receipts sent to payers who gave an email: one when a payment settles, one when a refund succeeds. Without `SPAY_SMTP_URL` they are not sent but kept (`status: kept`), so they can be read here.
     */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
          /** @description Only mails in this status */
          status?: "pending" | "sent" | "kept" | "failed";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["MailList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/mail/{id}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry a failed mail (secret key or session)
     * @description Puts a `failed` mail back in the outbox: `pending`, due now, its retry schedule started over. Any other status answers 409 `mail_unexpected_state`. Audit-logged as `mail.retried`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["NoParametersRequest"];
        };
      };
      responses: {
        /** @description Retried */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Mail"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/exports": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List exports, newest first */
    get: {
      parameters: {
        query?: {
          /** @description 1–100, default 10 */
          limit?: number;
          /** @description Cursor: an object id from the previous page */
          starting_after?: string;
          /** @description Cursor: an object id, for the page before it */
          ending_before?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description List */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ExportList"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Export a date range as one ZIP of CSV files (built in the background)
     * @description The ZIP holds payments.csv, refunds.csv, customers.csv, events.csv and audit_log.csv: the rows created in the range, of the API key's environment, or for a session of the environment named by X-Environment-Id (without it, the whole workspace). The answer is the pending export; read it until `status` is `ready` and follow its `download_url`. A member who asked is also mailed the link. Cells that a spreadsheet would run as a formula start with `'`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateExportRequest"];
        };
      };
      responses: {
        /** @description Export */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Export"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/exports/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve an export, with a fresh download link once ready */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Export */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Export"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/exports/{id}/download": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an export's ZIP by its signed link (no bearer header: the link is the credential)
     * @description The link is valid for 15 minutes from when it was signed; every read of the export signs a new one. A link that was not signed by this server, or for another export, is refused with `export_link_invalid`, an old one with `export_link_expired` (both 403).
     */
    get: {
      parameters: {
        query?: {
          /** @description The signature of the link (from `download_url`) */
          token?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The ZIP file */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/zip": string;
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Gone */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/analytics/overview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Dashboard figures for a range: revenue, transactions, success rate, customers, daily series */
    get: {
      parameters: {
        query?: {
          /** @description 7d, 30d, 3m or 1y (whole UTC days) */
          range?: "7d" | "30d" | "3m" | "1y";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Overview */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AnalyticsOverview"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/analytics/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The range's payments as CSV (Export Data) */
    get: {
      parameters: {
        query?: {
          /** @description 7d, 30d, 3m or 1y (whole UTC days) */
          range?: "7d" | "30d" | "3m" | "1y";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description text/csv */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment_intents/{id}/webhook_deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The webhook events a payment intent emitted, with their deliveries and attempts */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Events with deliveries */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentIntentWebhookDeliveries"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook_endpoints/{id}/attempts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An endpoint's delivery log: its latest attempts (status, latency, response), newest first */
    get: {
      parameters: {
        query?: {
          limit?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Attempts */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookEndpointAttempts"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Authentication failed */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/payment-links/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public: a payment link with the publishable key its hosted page pays with
     * @description 404 `payment_link_not_found`, 410 `payment_link_expired`, 403 `payment_link_disabled`.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Payment link */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["HostedPaymentLink"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not permitted for this credential */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Gone */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/checkout/payment-intents/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public: a payment intent for its hosted checkout page (`checkout_url`, `spay_url`)
     * @description Needs the intent's `client_secret` (the query of `checkout_url`); without it, or with another intent's, 404 `resource_missing` as for an unknown id.
     */
    get: {
      parameters: {
        query?: {
          /** @description The intent's client secret */
          client_secret?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Payment intent */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["HostedPaymentIntent"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Object not found (or owned by another workspace) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/fx": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** BTC/USD rate used to price sBTC (cached; 110000 when the source fails) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Rate */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["FxRate"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/stats/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Count of sandbox payment intents in the last N days (landing page counter) */
    get: {
      parameters: {
        query?: {
          days?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Count */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentStats"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chains": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The chain each key environment settles on (which block explorer, if any, shows its transactions) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Chains */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Chains"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/email-signups": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Newsletter signup */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["EmailSignupRequest"];
        };
      };
      responses: {
        /** @description Signed up */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["EmailSignup"];
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict (duplicate, idempotency, state) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness and database reachability */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Healthy */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @enum {boolean} */
              ok: true;
              database: string;
            };
          };
        };
        /** @description Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Rate limited; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Database unavailable; retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    SessionGrant: {
      user: components["schemas"]["User"];
      /** @description Bearer token for the session */
      session_id: string;
      /** @description Unix seconds */
      expires_at: number;
    };
    User: {
      /** @example user_3kTMd9Q2xYqLw8Rb1nVc0aZe */
      id: string;
      /** @enum {string} */
      object: "user";
      email: string | null;
      name: string;
      merchant_id: string | null;
      wallet_address: string | null;
      /** @description Unix seconds */
      created_at: number;
    };
    Error: {
      error: {
        type: string;
        /** @example parameter_invalid */
        code: string;
        message: string;
        param?: string;
        request_id: string;
      };
    };
    RegisterRequest: {
      email: string;
      password: string;
      name?: string;
    };
    SignInResult: components["schemas"]["SessionGrant"] | components["schemas"]["SecondFactorChallenge"];
    SecondFactorChallenge: {
      /** @enum {boolean} */
      second_factor_required: true;
      /** @description `mfa_…`: send it with a code or a passkey's answer to POST /v1/auth/two-factor/verify; single-use, 5 attempts, expires at `expires_at` */
      challenge_token: string;
      /** @description What the account can answer with: `passkey` takes options from POST /v1/auth/two-factor/passkey-options */
      methods: ("totp" | "recovery_code" | "passkey")[];
      /** @description Unix seconds */
      expires_at: number;
    };
    LoginRequest: {
      email: string;
      password: string;
    };
    Ok: {
      /** @enum {boolean} */
      ok: true;
    };
    ProfileUpdateRequest: {
      name?: string;
      email?: string;
    };
    PasswordChangeRequest: {
      /** @description Required unless the account has no password yet (wallet sign-in only) */
      current_password?: string;
      new_password: string;
    };
    WalletChallenge: {
      message: string;
      nonce: string;
      address: string;
      issued_at: number;
      expires_at: number;
    };
    WalletVerifyRequest: {
      address: string;
      /** @description RSV signature, hex */
      signature: string;
      /** @description Compressed or uncompressed secp256k1 key, hex */
      public_key: string;
      nonce?: string;
      message?: string;
    };
    TwoFactorStatus: {
      totp: {
        enabled: boolean;
        /** @description When the authenticator was confirmed */
        created_at: number | null;
      };
      recovery_codes_remaining: number;
      /** @description How many passkeys the account has */
      passkeys: number;
      /** @description The account has a second factor: an authenticator app or a passkey */
      enabled: boolean;
    };
    TotpEnrollment: {
      /** @description `otpauth://totp/…`: show it as a QR code */
      otpauth_url: string;
      /** @description The same secret in base32, for typing in by hand */
      secret: string;
    };
    NoParametersRequest: Record<string, never>;
    RecoveryCodes: {
      /** @description Ten single-use codes (`xxxx-xxxx`), shown only now: the server keeps only their hashes */
      recovery_codes: string[];
    };
    TotpConfirmRequest: {
      /**
       * @description The 6-digit code the authenticator app shows now
       * @example 492039
       */
      code: string;
    };
    /** @description The challenge and exactly one of code, recovery_code, passkey (an answer to POST /v1/auth/two-factor/passkey-options) */
    SecondFactorVerifyRequest: {
      /** @description The `mfa_…` token sign-in answered */
      challenge_token: string;
      /**
       * @description The 6-digit code the authenticator app shows now
       * @example 492039
       */
      code?: string;
      /** @description One of the recovery codes (`xxxx-xxxx`, any case); each works once */
      recovery_code?: string;
      passkey?: components["schemas"]["PasskeyAssertion"];
    };
    /** @description A passkey's signed answer to options from this server, as `PublicKeyCredential.toJSON()` gives it */
    PasskeyAssertion: {
      id: string;
      rawId: string;
      /** @enum {string} */
      type: "public-key";
      response: {
        clientDataJSON: string;
        authenticatorData: string;
        signature: string;
        userHandle?: string | null;
      };
      /** @enum {string|null} */
      authenticatorAttachment?: "platform" | "cross-platform" | null;
      /** @default {} */
      clientExtensionResults: {
        [key: string]: unknown;
      };
    };
    SecondFactorStepUp: {
      /** @description Unix seconds: when this session proved it */
      second_factor_at: number;
      /** @description Unix seconds: guarded actions are allowed until then */
      fresh_until: number;
    };
    /** @description Exactly one of code, recovery_code, passkey (an answer to POST /v1/auth/passkeys/step-up-options) */
    SecondFactorStepUpRequest: {
      /**
       * @description The 6-digit code the authenticator app shows now
       * @example 492039
       */
      code?: string;
      /** @description One of the recovery codes (`xxxx-xxxx`, any case); each works once */
      recovery_code?: string;
      passkey?: components["schemas"]["PasskeyAssertion"];
    };
    PasskeyList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Passkey"][];
    };
    Passkey: {
      id: string;
      /** @enum {string} */
      object: "passkey";
      name: string;
      /** @description Synced by its provider (a multi-device passkey) */
      backed_up: boolean;
      transports: string[];
      /** @description Unix seconds */
      created_at: number;
      /** @description Unix seconds */
      last_used_at: number | null;
    };
    /** @description `PublicKeyCredentialCreationOptionsJSON`: give it to `PublicKeyCredential.parseCreationOptionsFromJSON()` and `navigator.credentials.create()`; good for 5 minutes, once */
    PasskeyCreationOptions: {
      rp: {
        id?: string;
        name: string;
      };
      user: {
        id: string;
        name: string;
        displayName: string;
      };
      challenge: string;
      pubKeyCredParams: {
        type: string;
        alg: number;
      }[];
      timeout?: number;
      excludeCredentials?: {
        id: string;
        type: string;
        transports?: string[];
      }[];
      authenticatorSelection?: {
        authenticatorAttachment?: string;
        residentKey?: string;
        requireResidentKey?: boolean;
        userVerification?: string;
      };
      attestation?: string;
      hints?: string[];
      extensions?: unknown;
    };
    PasskeyRegisterRequest: {
      /**
       * @description Default: the browser and system it was added from
       * @example Work laptop
       */
      name?: string;
      response: components["schemas"]["PasskeyRegistrationResponse"];
    };
    /** @description The new credential, as `PublicKeyCredential.toJSON()` gives it */
    PasskeyRegistrationResponse: {
      id: string;
      rawId: string;
      /** @enum {string} */
      type: "public-key";
      response: {
        clientDataJSON: string;
        attestationObject: string;
        authenticatorData?: string;
        transports?: string[];
        publicKeyAlgorithm?: number;
        publicKey?: string;
      };
      /** @enum {string|null} */
      authenticatorAttachment?: "platform" | "cross-platform" | null;
      /** @default {} */
      clientExtensionResults: {
        [key: string]: unknown;
      };
    };
    PasskeyRenameRequest: {
      /**
       * @description What the user calls it ("YubiKey", "Work laptop")
       * @example Work laptop
       */
      name: string;
    };
    Deleted: {
      id: string;
      object: string;
      /** @enum {boolean} */
      deleted: true;
    };
    /** @description `PublicKeyCredentialRequestOptionsJSON`: give it to `PublicKeyCredential.parseRequestOptionsFromJSON()` and `navigator.credentials.get()`; good for 5 minutes, once */
    PasskeyRequestOptions: {
      challenge: string;
      timeout?: number;
      rpId?: string;
      allowCredentials?: {
        id: string;
        type: string;
        transports?: string[];
      }[];
      userVerification?: string;
      hints?: string[];
      extensions?: unknown;
    };
    PasskeySecondFactorOptionsRequest: {
      /** @description The `mfa_…` token sign-in answered */
      challenge_token: string;
    };
    PasskeySignInRequest: {
      response: components["schemas"]["PasskeyAssertion"];
    };
    SessionList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Session"][];
    };
    Session: {
      id: string;
      /** @enum {string} */
      object: "session";
      /** @description The session this request was made with */
      current: boolean;
      /** @description Browser and system read from the User-Agent */
      device: string | null;
      user_agent: string | null;
      ip: string | null;
      created_at: number;
      /** @description Last request, to the minute */
      last_seen_at: number | null;
      expires_at: number;
    };
    RevokedSessions: {
      revoked: number;
    };
    Preferences: {
      payment_notifications: boolean;
      refund_notifications: boolean;
      team_notifications: boolean;
      security_alerts: boolean;
    };
    PreferencesUpdateRequest: {
      payment_notifications?: boolean;
      refund_notifications?: boolean;
      team_notifications?: boolean;
      security_alerts?: boolean;
    };
    Organization: {
      id: string;
      /** @enum {string} */
      object: "organization";
      name: string;
      slug: string;
      description: string | null;
      user_count: number;
      workspace_count: number;
      /**
       * @description The signed-in member's role in this organization
       * @enum {string}
       */
      role: "owner" | "admin" | "developer" | "support";
      /** @description Members must have a second factor to reach it */
      require_two_factor: boolean;
      /** @description Unix seconds */
      created_at: number;
    };
    CreateOrganizationRequest: {
      name: string;
      slug: string;
      description?: string;
    };
    UpdateOrganizationRequest: {
      name?: string;
      slug?: string;
      description?: string | null;
      /** @description Members must have a second factor to reach the organization (you need one to turn this on) */
      require_two_factor?: boolean;
    };
    Workspace: {
      id: string;
      /** @enum {string} */
      object: "workspace";
      organization_id: string;
      org_id: string;
      organization_name: string;
      name: string;
      slug: string | null;
      user_count: number;
      stacks_address: string | null;
      bitcoin_payment_address: string | null;
      bitcoin_ordinals_address: string | null;
      business_profile: components["schemas"]["BusinessProfile"];
      /** @description Publishable keys may create intents with an arbitrary amount (otherwise only for a product or payment link) */
      allow_browser_amounts: boolean;
      /** @description Address that receives a "New payment" email for every settled payment (null: off) */
      notify_on_payment_email: string | null;
      /** @description Unix seconds */
      created_at: number;
    };
    BusinessProfile: {
      display_name: string | null;
      website: string | null;
      description: string | null;
    };
    CreateWorkspaceRequest: {
      name: string;
      slug?: string;
    };
    MemberList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Member"][];
    };
    Member: {
      /** @enum {string} */
      object: "member";
      organization_id: string;
      user: {
        id: string;
        name: string;
        email: string | null;
        wallet_address: string | null;
      };
      /**
       * @description owner, admin, developer or support (see the roles table)
       * @enum {string}
       */
      role: "owner" | "admin" | "developer" | "support";
      joined_at: number;
    };
    ChangeRoleRequest: {
      /**
       * @description owner, admin, developer or support (see the roles table)
       * @enum {string}
       */
      role: "owner" | "admin" | "developer" | "support";
    };
    TransferOwnershipRequest: {
      user_id: string;
    };
    InvitationList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Invitation"][];
    };
    Invitation: {
      id: string;
      /** @enum {string} */
      object: "invitation";
      organization_id: string;
      email: string;
      /**
       * @description owner, admin, developer or support (see the roles table)
       * @enum {string}
       */
      role: "owner" | "admin" | "developer" | "support";
      /** @enum {string} */
      status: "pending" | "accepted" | "revoked" | "expired";
      invited_by: string | null;
      created_at: number;
      expires_at: number;
      accepted_at: number | null;
    };
    CreateInvitationRequest: {
      email: string;
      /**
       * @description owner, admin, developer or support (see the roles table)
       * @enum {string}
       */
      role: "owner" | "admin" | "developer" | "support";
    };
    InvitationPreview: {
      /** @enum {string} */
      object: "invitation_preview";
      organization_name: string;
      inviter: string;
      email: string;
      /**
       * @description owner, admin, developer or support (see the roles table)
       * @enum {string}
       */
      role: "owner" | "admin" | "developer" | "support";
      expires_at: number;
      account_exists: boolean;
    };
    InvitationTokenRequest: {
      /** @description The token of the invitation link (after #) */
      token: string;
    };
    AcceptedInvitation: {
      organization_id: string;
    };
    AcceptInvitationRequest: {
      /** @description The token of the invitation link (after #) */
      token: string;
    };
    InvitedSessionGrant: components["schemas"]["SessionGrant"] & {
      organization_id: string;
    };
    RegisterWithInvitationRequest: {
      /** @description The token of the invitation link (after #) */
      token: string;
      password: string;
      name?: string;
    };
    UpdateWorkspaceRequest: {
      name?: string;
      slug?: string | null;
      /** @description Let publishable keys (the browser) create intents for any amount. Off: they may only sell a product or payment link, at its catalogue price. */
      allow_browser_amounts?: boolean;
      /** @description Send a "New payment" email to this address for every settled payment; null turns it off. */
      notify_on_payment_email?: string | null;
    };
    BusinessProfileRequest: {
      display_name?: string | null;
      website?: string | "" | null;
      description?: string | null;
    };
    ApiKey: {
      id: string;
      /** @enum {string} */
      object: "api_key";
      workspace_id: string;
      environment_id: string;
      /** @enum {string} */
      type: "pk" | "sk";
      /** @enum {string} */
      key_type: "publishable" | "secret";
      name: string;
      /** @enum {string} */
      env: "test" | "live";
      /** @description Full key: publishable keys always; secret keys only when created */
      key?: string;
      key_prefix: string;
      key_id: string;
      /** @enum {string} */
      state: "enabled" | "disabled" | "revoked";
      is_active: boolean;
      scopes: string[];
      /** @description Unix seconds */
      created_at: number;
      /** @description Unix seconds */
      last_used_at: number | null;
      /** @description Unix seconds after which a rolled key is refused (as if revoked); null for a key not rolled */
      expires_at: number | null;
    };
    CreateApiKeyRequest: {
      /** @enum {string} */
      type: "pk" | "sk" | "publishable" | "secret";
      name?: string;
      /**
       * @default test
       * @enum {string}
       */
      env: "test" | "live";
      scopes?: ("read" | "write")[];
    };
    UpdateApiKeyRequest: {
      name?: string;
      /** @enum {string} */
      state?: "enabled" | "disabled";
      scopes?: ("read" | "write")[];
    };
    RollApiKeyRequest: {
      /**
       * @description How long the old key keeps working beside the new one, in seconds: 0 (revoked at once), 3600 (1 hour), 86400 (24 hours), 259200 (3 days) or 604800 (7 days)
       * @example 86400
       */
      expires_in_seconds: 0 | 3600 | 86400 | 259200 | 604800;
    };
    AuditEntryList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["AuditEntry"][];
      has_more: boolean;
      url: string;
    };
    AuditEntry: {
      id: string;
      /** @enum {string} */
      object: "audit_entry";
      /** @enum {string} */
      action:
        | "user.signed_in"
        | "user.sign_in_failed"
        | "user.registered"
        | "user.wallet_linked"
        | "user.password_changed"
        | "user.two_factor_enabled"
        | "user.two_factor_disabled"
        | "user.recovery_codes_regenerated"
        | "user.recovery_code_used"
        | "user.second_factor_failed"
        | "user.passkey_added"
        | "user.passkey_removed"
        | "api_key.created"
        | "api_key.rolled"
        | "api_key.revoked"
        | "webhook_endpoint.created"
        | "webhook_endpoint.secret_rotated"
        | "webhook_endpoint.deleted"
        | "environment.deleted"
        | "workspace.payout_wallet_verified"
        | "workspace.business_profile_changed"
        | "workspace.browser_amounts_changed"
        | "workspace.payment_notifications_changed"
        | "transfer.assigned"
        | "refund.created"
        | "refund.canceled"
        | "mail.retried"
        | "account.deleted"
        | "member.invited"
        | "member.invitation_revoked"
        | "member.joined"
        | "member.role_changed"
        | "member.removed"
        | "organization.ownership_transferred"
        | "organization.two_factor_requirement_changed"
        | "session.revoked"
        | "session.others_revoked"
        | "export.created"
        | "export.downloaded";
      actor: {
        /** @enum {string} */
        type: "user" | "api_key" | "system";
        id: string | null;
      };
      workspace_id: string | null;
      organization_id: string | null;
      object_type: string | null;
      object_id: string | null;
      ip: string | null;
      details: {
        [key: string]: unknown;
      };
      created_at: number;
    };
    Environment: {
      id: string;
      /** @enum {string} */
      object: "environment";
      workspace_id: string;
      name: string;
      /** @enum {string} */
      type: "sandbox" | "production";
      /** @enum {string} */
      env: "test" | "live";
      confirmations_required: number;
      /** @description Unix seconds */
      created_at: number;
    };
    CreateEnvironmentRequest: {
      name: string;
      /**
       * @default sandbox
       * @enum {string}
       */
      type: "sandbox" | "production";
    };
    UpdateEnvironmentRequest: {
      name?: string;
      confirmations_required?: number;
    };
    Merchant: {
      id: string;
      /** @enum {string} */
      object: "merchant";
      merchant_id: string;
      user_id: string;
      name: string;
      wallet_address: string | null;
      website_url: string | null;
      business_description: string | null;
      /** @description Unix seconds */
      created_at: number;
    };
    PayoutWalletVerifyRequest: {
      address: string;
      /** @description RSV signature, hex */
      signature: string;
      /** @description Compressed or uncompressed secp256k1 key, hex */
      public_key: string;
      nonce?: string;
      message?: string;
      bitcoin_payment_address?: string;
      bitcoin_payment_publickey?: string;
      bitcoin_ordinals_address?: string;
      bitcoin_ordinals_publickey?: string;
    };
    OnboardingWebhook: {
      /** @enum {string} */
      object: "onboarding_webhook";
      endpoint: components["schemas"]["WebhookEndpoint"];
      /** @description False: the URL was already an endpoint, reused */
      created: boolean;
      test: components["schemas"]["WebhookSandboxTestResult"];
    };
    WebhookEndpoint: {
      id: string;
      /** @enum {string} */
      object: "webhook_endpoint";
      url: string;
      description: string | null;
      enabled_events: string[];
      /** @enum {string} */
      status: "enabled" | "disabled";
      disabled_reason: string | null;
      /** @enum {string} */
      env: "test" | "live";
      environment_id: string;
      /** @description whsec_…, only when created or rotated */
      secret?: string;
      previous_secret_expires_at: number | null;
      failing_since: number | null;
      /** @description The newest entry of the endpoint's delivery log; null before any */
      last_attempt: {
        attempted_at: number;
        status_code: number | null;
        succeeded: boolean;
        /** @description A sandbox test (`webhook.sandbox_test`) */
        test: boolean;
      } | null;
      created_at: number;
      updated_at: number;
    };
    WebhookSandboxTestResult: {
      ok: boolean;
      url: string;
      status: number | null;
      latency_ms: number;
      body_excerpt: string | null;
      error: string | null;
      event_id: string;
      /** @enum {string} */
      signed_with: "endpoint_secret" | "one_time_secret";
      one_time_secret?: string;
    };
    OnboardingWebhookRequest: {
      url: string;
    };
    OnboardingStatus: {
      workspace_id: string;
      onboarding_status: {
        wallet_verified: boolean;
        business_info_completed: boolean;
        api_keys_created: boolean;
        webhook_tested: boolean;
        test_payment_completed: boolean;
      };
      payout_wallet: {
        address: string | null;
        verified_at: number | null;
      };
      business_info: {
        display_name: string | null;
        website: string | null;
        description: string | null;
      };
      api_keys: components["schemas"]["ApiKey"][];
    };
    CreateMerchantForUserRequest: {
      user_id: string;
      email?: string;
      name?: string;
    };
    DeleteAccountRequest: {
      email?: string;
      id?: string;
    };
    Product: {
      id: string;
      /** @enum {string} */
      object: "product";
      environment_id: string;
      name: string;
      description: string | null;
      stock: number;
      /** @enum {string} */
      view_type: "card" | "button";
      price_minor: number;
      price: number;
      currency: string;
      require_email: boolean;
      require_shipping_address: boolean;
      payment_link: {
        id: string;
        active: boolean;
        url: string;
      } | null;
      image: components["schemas"]["ProductImage"];
      /** @description Unix seconds */
      created_at: number;
      /** @description Unix seconds */
      updated_at: number;
    };
    /** @description Set with POST /v1/products/{id}/image, removed with DELETE */
    ProductImage: {
      /** @description The largest variant (webp, at most 1024 pixels wide) */
      url: string;
      /** @description Every variant as `url {width}w`, for `<img srcset>` */
      srcset: string;
      width: number;
      height: number;
      variants: {
        width: number;
        height: number;
        url: string;
      }[];
    } | null;
    ProductList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Product"][];
      has_more: boolean;
      url: string;
    };
    ProductRequest: {
      id?: string;
      price_minor: number;
      name: string;
      description?: string | null;
      stock: number;
      /**
       * @default card
       * @enum {string}
       */
      view_type: "card" | "button";
      /** @default usd */
      currency: string;
      /** @default false */
      require_email: boolean;
      /** @default false */
      require_shipping_address: boolean;
      link_active?: boolean;
    };
    LegacyProductRequest: {
      id: string;
      price_usd: number;
      merchant_id?: string;
      name: string;
      description?: string | null;
      /** @default 0 */
      stock: number;
      /**
       * @default card
       * @enum {string}
       */
      view_type: "card" | "button";
      /** @default usd */
      currency: string;
      /** @default false */
      require_email: boolean;
      /** @default false */
      require_shipping_address: boolean;
      link_active?: boolean;
    };
    PaymentLink: {
      id: string;
      /** @enum {string} */
      object: "payment_link";
      url: string;
      product_id: string | null;
      merchant_id: string | null;
      merchant_name: string | null;
      product_data: {
        [key: string]: unknown;
      };
      merchant_wallet: string | null;
      active: boolean;
      /** @description The link's product has no stock left */
      sold_out: boolean;
      /** @enum {string} */
      env: "test" | "live";
      /** @description Unix seconds */
      expires_at: number | null;
      /** @description Unix seconds */
      created_at: number;
    };
    PaymentLinkRequest: {
      id?: string;
      merchant_id?: string | null;
      product_id?: string | null;
      product_data: {
        [key: string]: unknown;
      };
      merchant_wallet?: string | null;
      /** @description Default true for a new link; kept on update */
      active?: boolean;
      expires_at?: number | null;
    };
    PaymentIntent: {
      /** @example pi_5Hq2LmXn8RtYv3Kc9WbZa1De */
      id: string;
      /** @enum {string} */
      object: "payment_intent";
      /** @description Amount in whole cents (rounded down below a cent: see amount_micros) */
      amount_minor: number;
      /** @description Same as amount_minor */
      amount: number;
      /**
       * @description The amount, in micro-dollars (USD millionths): exact
       * @example 1000
       */
      amount_micros: string;
      currency: string;
      /** @enum {string} */
      asset: "sbtc" | "usdc" | "stx";
      /** @description Sats, for sBTC intents */
      amount_sbtc: string | null;
      /** @description Atomic units of the asset, fixed at creation */
      amount_asset: string;
      decimals: number;
      token_contract: string;
      usd_per_btc: number | null;
      /** @description STX/USD price the amount was frozen at, for STX intents */
      usd_per_stx: number | null;
      /** @description The merchant's payout address */
      recipient: string;
      /** @description SIP-010 memo the transfer must carry */
      memo: string;
      /** @enum {string} */
      status:
        | "requires_payment_method"
        | "payment_initiated"
        | "transaction_broadcast"
        | "transaction_pending"
        | "transaction_confirmed"
        | "payment_settled"
        | "partially_refunded"
        | "refunded"
        | "failed"
        | "canceled"
        | "expired";
      status_reason: string | null;
      fulfillment_status: ("not_required" | "processing" | "shipped" | "delivered" | "completed") | string;
      customer_email: string | null;
      shipping_address: {
        [key: string]: unknown;
      } | null;
      merchant_principal: string | null;
      txid: string | null;
      amount_received: string;
      /** @description Atomic units of the asset the refunds that succeeded returned to the payer */
      amount_refunded: string;
      /** @description The customer (`cus_…`) the payer's email names, once the payment settled */
      customer_id: string | null;
      /** @description `pi_…_secret_…`: lets a browser (publishable key or no key) read, follow and submit for this intent. Returned on creation and to callers entitled to the intent; null in lists, events and webhooks. Keep it out of logs and URLs you share. */
      client_secret: string | null;
      /** @description Hosted checkout (what the QR encodes); carries `?client_secret=` when it is set */
      spay_url: string;
      checkout_url: string;
      payment_method: string | null;
      product_id: string | null;
      metadata: {
        [key: string]: string;
      };
      /** @enum {string} */
      env: "test" | "live";
      /** @description Unix seconds */
      expires_at: number;
      /** @description Unix seconds */
      created_at: number;
      /** @description Unix seconds */
      canceled_at: number | null;
      cancellation_reason: string | null;
    };
    CreatePaymentIntentRequest: {
      /** @description Amount in cents. Optional with product_id or payment_link (their catalogue price is used; a different amount is refused with amount_mismatch). A publishable key may only send its own amount when the workspace allows custom amounts from the browser. */
      amount_minor?: number;
      /** @description Alias of amount_minor (cents) */
      amount_usd?: number;
      /** @default usd */
      currency: string;
      /** @default sbtc */
      asset: string;
      customer_email?: string;
      shipping_address?: {
        [key: string]: unknown;
      } | null;
      metadata?: {
        [key: string]: string;
      };
      /** @description A product of this environment: the intent costs its price; sold out → 409 */
      product_id?: string;
      /** @description An active payment link of this environment: the intent costs its product's price */
      payment_link?: string;
      merchant_principal?: string;
      /** @enum {string} */
      payment_method?: "wallet" | "qr" | "x402";
      /**
       * @description Must match the key's environment when sent
       * @enum {string}
       */
      env?: "test" | "live";
      /** @enum {string} */
      status?: "requires_payment" | "requires_payment_method";
      /** @description Seconds until expiry (default 900) */
      expires_in?: number;
    };
    PaymentIntentList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["PaymentIntent"][];
      has_more: boolean;
      url: string;
    };
    CancelPaymentIntentRequest: {
      /** @enum {string} */
      cancellation_reason?: "duplicate" | "fraudulent" | "requested_by_customer" | "abandoned";
    };
    SubmitTransactionRequest: {
      /** @example 0x5c3f… */
      txid: string;
      /** @enum {string} */
      payment_method?: "wallet" | "qr" | "x402";
    };
    PaymentEvent: {
      id: string;
      /** @enum {string} */
      object: "payment_event";
      payment_intent_id: string;
      from_status: string | null;
      to_status: string;
      reason: string | null;
      txid: string | null;
      /** @description Unix seconds */
      created_at: number;
    };
    CreateWebhookEndpointRequest: {
      /** @example https://shop.example/webhooks/spay */
      url: string;
      /**
       * @default [
       *       "*"
       *     ]
       */
      enabled_events: (
        | "*"
        | "payment_intent.created"
        | "payment_intent.processing"
        | "payment_intent.succeeded"
        | "payment_intent.partially_paid"
        | "payment_intent.paid_late"
        | "payment_intent.failed"
        | "payment_intent.expired"
        | "payment_intent.canceled"
        | "refund.created"
        | "refund.succeeded"
        | "refund.failed"
        | "webhook.sandbox_test"
        | "payment.succeeded"
      )[];
      description?: string;
    };
    UpdateWebhookEndpointRequest: {
      /** @example https://shop.example/webhooks/spay */
      url?: string;
      enabled_events?: (
        | "*"
        | "payment_intent.created"
        | "payment_intent.processing"
        | "payment_intent.succeeded"
        | "payment_intent.partially_paid"
        | "payment_intent.paid_late"
        | "payment_intent.failed"
        | "payment_intent.expired"
        | "payment_intent.canceled"
        | "refund.created"
        | "refund.succeeded"
        | "refund.failed"
        | "webhook.sandbox_test"
        | "payment.succeeded"
      )[];
      description?: string | null;
      /** @enum {string} */
      status?: "enabled" | "disabled";
    };
    EventList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Event"][];
      has_more: boolean;
      url: string;
    };
    Event: {
      id: string;
      /** @enum {string} */
      object: "event";
      type: string;
      created_at: number;
      /** @enum {string} */
      env: "test" | "live";
      /** @description `{object}`: the payment intent as the API returns it */
      data: {
        [key: string]: unknown;
      };
    };
    EventWithDeliveries: components["schemas"]["Event"] & {
      deliveries: {
        id: string;
        endpoint_id: string;
        state: string;
        attempt_count: number;
        next_attempt_at: number | null;
        manual: boolean;
      }[];
      attempts: {
        id: string;
        endpoint_id: string;
        attempt: number;
        attempted_at: number;
        status_code: number | null;
        latency_ms: number;
        response_excerpt: string | null;
        error: string | null;
        succeeded: boolean;
      }[];
    };
    RedeliverRequest: {
      endpoint_id?: string;
    };
    WebhookSandboxTestRequest: {
      url: string;
      demo_mode?: boolean;
    };
    X402PaymentRequired: {
      /** @enum {number} */
      x402Version: 2;
      resource: {
        url: string;
        description: string;
        mimeType: string;
      };
      accepts: {
        scheme: string;
        network: string;
        amount: string;
        asset: string;
        payTo: string;
        maxTimeoutSeconds: number;
        extra: {
          nonce: string;
          expiresAt: number;
          decimals: number;
          tokenType: string;
          assetName: string;
          symbol: string;
        };
      }[];
    };
    X402RequirementsRequest: {
      resource: {
        /** Format: uri */
        url: string;
        description?: string;
        mimeType?: string;
      };
      accepts: {
        /** @enum {string} */
        asset: "sbtc" | "usdc" | "stx";
        /** @description Exact price in the token's atomic units (USDC: 1000 = $0.001; sBTC: sats) */
        amount?: string;
        /** @description …or a dollar price (`$0.001`), converted and rounded up to whole units */
        price?: string;
      }[];
      maxTimeoutSeconds?: number;
    };
    X402VerifyResponse: {
      isValid: boolean;
      invalidReason?: string;
      invalidMessage?: string;
      payer?: string;
    };
    X402FacilitatorRequest: {
      x402Version?: number;
      /** @description The client's payment, decoded (v2, v1 or SPEC.md proof form) */
      paymentPayload?: {
        [key: string]: unknown;
      };
      /** @description …or the raw base64 header value */
      paymentHeader?: string;
      /** @description The requirement the payment answers (an accepts[] entry or a SPEC.md scheme); with requireIssued, `{resource}` alone: the payment's memo names the issued requirement */
      paymentRequirements: {
        [key: string]: unknown;
      };
      /** @description The requirement's nonce must be one this gateway issued (POST /v1/x402/requirements); its terms are enforced */
      requireIssued?: boolean;
      /** @description settle: answer after the transaction succeeded on chain, not when it entered the mempool */
      waitForConfirmation?: boolean;
    };
    X402SettleResponse: {
      success: boolean;
      errorReason?: string;
      errorMessage?: string;
      payer?: string;
      transaction: string;
      network: string;
      payment_intent_id?: string;
    };
    X402SupportedResponse: {
      kinds: {
        x402Version: number;
        scheme: string;
        network: string;
      }[];
      extensions: string[];
      signers: {
        [key: string]: string[];
      };
    };
    SetFulfillmentRequest: {
      /** @enum {string} */
      fulfillment_status: "processing" | "shipped" | "delivered" | "completed";
    };
    PaymentList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["PaymentIntent"][];
      has_more: boolean;
      url: string;
    };
    PaymentCounts: {
      all: number;
      paid: number;
      pending: number;
      fulfillment: number;
      failed: number;
    };
    UnmatchedTransferList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["UnmatchedTransfer"][];
      has_more: boolean;
      url: string;
    };
    UnmatchedTransfer: {
      /** @description The txid */
      id: string;
      /** @enum {string} */
      object: "unmatched_transfer";
      txid: string;
      /** @enum {string} */
      env: "test" | "live";
      recipient: string;
      token_contract: string;
      asset: string;
      /** @description In the token's smallest unit (sats, USDC micro-units) */
      amount: string;
      sender: string;
      memo: string | null;
      block_height: number | null;
      assigned_payment_intent: string | null;
      assigned_at: number | null;
      created_at: number;
    };
    AssignUnmatchedTransferRequest: {
      /** @example pi_123 */
      payment_intent: string;
    };
    Refund: {
      /** @example re_3kTMd9Q2xYqLw8Rb1nVc0aZe */
      id: string;
      /** @enum {string} */
      object: "refund";
      /** @description The refunded payment intent (`pi_…`) */
      payment_intent: string;
      /** @description The payer's customer (`cus_…`), if known */
      customer: string | null;
      /** @description Atomic units of the asset (sats for sBTC) */
      amount: string;
      /** @description The share of the payment's dollars it returns, whole cents (rounded down) */
      amount_minor: number;
      /**
       * @description The share of the payment's dollars it returns, in micro-dollars (USD millionths): exact
       * @example 1000
       */
      amount_micros: string;
      currency: string;
      /** @enum {string} */
      asset: "sbtc" | "usdc" | "stx";
      token_contract: string;
      /** @description The merchant's payout address: the refund transfer must come from it */
      source: string;
      /** @description The address that paid (the settling transfer's sender, read from the chain) */
      destination: string;
      /** @description The memo the refund transfer must carry: the refund id */
      memo: string;
      /** @enum {string} */
      reason: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
      /**
       * @description `pending` until the merchant's transfer counts (`succeeded`) or the refund fails (`failed`: the transfer aborted, or the merchant canceled the refund)
       * @enum {string}
       */
      status: "pending" | "succeeded" | "failed";
      /** @description Where a pending refund stands — its transfer confirming (`confirmations:1/3`), awaited again after a chain fork dropped its block (`block_orphaned`), or the last transfer carrying its memo not counted (`transfer_rejected:wrong_amount`, …) — or why it failed */
      status_reason: string | null;
      /** @description The refund transfer: set once it is mined with the right token, amount, sender, recipient and memo (while it confirms, and after it counted) */
      txid: string | null;
      metadata: {
        [key: string]: string;
      };
      /** @enum {string} */
      env: "test" | "live";
      /** @description Unix seconds */
      created_at: number;
      /** @description Unix seconds */
      succeeded_at: number | null;
      /** @description Unix seconds */
      failed_at: number | null;
    };
    CreateRefundRequest: {
      /** @description The settled payment to refund (`pi_…`) */
      payment_intent: string;
      /**
       * @description Atomic units of the payment's asset (sats for sBTC), at most what remains refundable; default all of it
       * @example 25000
       */
      amount?: string;
      /**
       * @description Or the dollars to return, in cents (not with `amount`): that share of the payment's asset amount, rounded up
       * @example 500
       */
      amount_minor?: number;
      /** @enum {string} */
      reason: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
      metadata?: {
        [key: string]: string;
      };
    };
    RefundList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Refund"][];
      has_more: boolean;
      url: string;
    };
    CustomerList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Customer"][];
      has_more: boolean;
      url: string;
    };
    Customer: {
      /** @example cus_3kTMd9Q2xYqLw8Rb1nVc0aZe */
      id: string;
      /** @enum {string} */
      object: "customer";
      email: string;
      /** @description The address the customer last paid from */
      address: string | null;
      /** @enum {string} */
      currency: "usd";
      /** @description Cents: what the customer's settled payments brought, less refunds */
      lifetime_value: number;
      /** @description Cents of the customer's settled payments */
      total_paid: number;
      /** @description Cents refunded to the customer */
      total_refunded: number;
      /**
       * @description What the customer's settled payments brought, less refunds, in micro-dollars (USD millionths): exact
       * @example 1000
       */
      lifetime_value_micros: string;
      /**
       * @description The customer's settled payments, in micro-dollars (USD millionths): exact
       * @example 1000
       */
      total_paid_micros: string;
      /**
       * @description Refunded to the customer, in micro-dollars (USD millionths): exact
       * @example 1000
       */
      total_refunded_micros: string;
      payments_count: number;
      /** @description Refunds that succeeded */
      refunds_count: number;
      /** @description Unix seconds */
      first_payment_at: number | null;
      /** @description Unix seconds */
      last_payment_at: number | null;
      /** @enum {string} */
      env: "test" | "live";
      /** @description Unix seconds */
      created_at: number;
    };
    MailList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Mail"][];
      has_more: boolean;
      url: string;
    };
    Mail: {
      /** @example mail_0f1e2d3c4b5a69788796a5b4c3d2e1f0 */
      id: string;
      /** @enum {string} */
      object: "mail";
      /** @enum {string} */
      kind: "payment_receipt" | "refund_receipt" | "payment_notification" | "refund_notification";
      /** @description The event the mail reports (`payment_intent.succeeded`, `refund.succeeded`) */
      event: string;
      to: string;
      from: string | null;
      /** @description Null until the mail worker rendered it */
      subject: string | null;
      /** @description The plain-text part */
      text: string | null;
      /** @description The HTML part */
      html: string | null;
      /**
       * @description `pending` (queued or to be retried), `sent` (accepted by the SMTP server), `kept` (no SMTP configured: kept for the local inbox), `failed`
       * @enum {string}
       */
      status: "pending" | "sent" | "kept" | "failed";
      attempts: number;
      last_error: string | null;
      /** @enum {string} */
      env: "test" | "live";
      created_at: number;
      sent_at: number | null;
    };
    Export: {
      id: string;
      /** @enum {string} */
      object: "export";
      /** @enum {string} */
      status: "pending" | "running" | "ready" | "failed" | "expired";
      /** @description The environment it covers; null: the whole workspace */
      environment_id: string | null;
      from: number;
      to: number;
      created_at: number;
      completed_at: number | null;
      /** @description Rows of each CSV file, once ready */
      row_counts: {
        payments: number;
        refunds: number;
        customers: number;
        events: number;
        audit_log: number;
      } | null;
      /** @description Downloads the ZIP without a bearer header; signed anew on each read and valid for 15 minutes. Null until ready, and once expired */
      download_url: string | null;
      /** @description When the file is deleted: 7 days after it was ready */
      expires_at: number;
    };
    CreateExportRequest: {
      /** @description Start of the range, unix seconds (included) */
      from: number;
      /** @description End of the range, unix seconds (included); at most 366 days after `from` */
      to: number;
    };
    ExportList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Export"][];
      has_more: boolean;
      url: string;
    };
    AnalyticsOverview: {
      /** @enum {string} */
      object: "analytics_overview";
      /**
       * @description 7d, 30d, 3m or 1y (whole UTC days)
       * @default 7d
       * @enum {string}
       */
      range: "7d" | "30d" | "3m" | "1y";
      since: number;
      until: number;
      /** @description Paid amounts net of refunds, whole cents (rounded down) */
      total_revenue_minor: number;
      /**
       * @description Paid amounts net of refunds, in micro-dollars (USD millionths): exact
       * @example 1000
       */
      total_revenue_micros: string;
      /** @description Payments a customer sent money for: paid, under way or failed on chain */
      transactions: number;
      /** @description Paid payments */
      settled: number;
      /** @description Payments whose transfer failed, not paid since */
      failed: number;
      /** @description Rounded % of paid over paid + failed; null: none decided */
      success_rate: number | null;
      /** @description Distinct customer emails with a paid payment in the range */
      active_customers: number;
      series: {
        date: string;
        revenue_minor: number;
        /**
         * @description Paid that day, net of refunds, in micro-dollars (USD millionths): exact
         * @example 1000
         */
        revenue_micros: string;
        transactions: number;
      }[];
      recent_transactions: components["schemas"]["PaymentIntent"][];
      recent_customers: {
        email: string;
        last_payment_at: number;
        total_spent_minor: number;
        /**
         * @description Paid, net of refunds, in micro-dollars (USD millionths): exact
         * @example 1000
         */
        total_spent_micros: string;
        payments: number;
        settled_payments: number;
      }[];
    };
    PaymentIntentWebhookDeliveries: {
      /** @enum {string} */
      object: "list";
      data: {
        id: string;
        /** @enum {string} */
        object: "event";
        type: string;
        created_at: number;
        /** @enum {string} */
        env: "test" | "live";
        data: {
          [key: string]: unknown;
        };
        deliveries: {
          id: string;
          endpoint_id: string;
          state: string;
          attempt_count: number;
          next_attempt_at: number | null;
          manual: boolean;
        }[];
        attempts: {
          id: string;
          attempt: number;
          attempted_at: number;
          status_code: number | null;
          latency_ms: number;
          response_excerpt: string | null;
          error: string | null;
          succeeded: boolean;
          endpoint_id: string;
        }[];
      }[];
      has_more: boolean;
    };
    WebhookEndpointAttempts: {
      /** @enum {string} */
      object: "list";
      data: {
        id: string;
        attempt: number;
        attempted_at: number;
        status_code: number | null;
        latency_ms: number;
        response_excerpt: string | null;
        error: string | null;
        succeeded: boolean;
        event_id: string;
        event_type: string;
        /** @description A sandbox test delivery (`webhook.sandbox_test`) */
        test: boolean;
      }[];
      has_more: boolean;
    };
    HostedPaymentLink: {
      /** @enum {string} */
      object: "hosted_payment_link";
      publishable_key: string;
      payment_link: components["schemas"]["PaymentLink"];
    };
    HostedPaymentIntent: {
      /** @enum {string} */
      object: "hosted_payment_intent";
      publishable_key: string;
      merchant_name: string | null;
      payment_intent: components["schemas"]["PaymentIntent"];
    };
    FxRate: {
      usdPerBtc: number;
      /** @enum {string} */
      source: "live" | "fixed" | "fallback";
      fetched_at: number;
    };
    PaymentStats: {
      test_payments: number;
      days: number;
      since: number;
    };
    Chains: {
      /**
       * @description Where payments made with test keys settle: `devnet` (the gateway's own chain) or `testnet`
       * @enum {string}
       */
      test: "devnet" | "testnet" | "mainnet";
      /**
       * @description Where payments made with live keys settle: `mainnet`
       * @enum {string}
       */
      live: "devnet" | "testnet" | "mainnet";
    };
    EmailSignup: {
      id: string;
      email: string;
      source: string;
      created_at: number;
    };
    EmailSignupRequest: {
      email: string;
      /** @default landing_page */
      source: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
