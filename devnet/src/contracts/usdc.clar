;; sPay devnet USDC: a 6-decimal SIP-010 token for local development and tests only.
;; `transfer` prints the memo, like SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token does,
;; so a payment's memo shows up as a `smart_contract_log` event.
(impl-trait .sip-010-trait.sip-010-trait)

(define-fungible-token usdc-token)

(define-constant contract-owner tx-sender)
(define-constant ERR_NOT_OWNER (err u4)) ;; same code as sbtc-token: caller does not own the tokens
(define-constant ERR_NOT_AUTHORIZED (err u401))

(define-public (transfer (amount uint) (sender principal) (recipient principal) (memo (optional (buff 34))))
  (begin
    (asserts! (or (is-eq tx-sender sender) (is-eq contract-caller sender)) ERR_NOT_OWNER)
    (try! (ft-transfer? usdc-token amount sender recipient))
    (match memo to-print (print to-print) 0x)
    (ok true)
  )
)

;; Test funds: only the deployer may mint.
(define-public (mint (amount uint) (recipient principal))
  (begin
    (asserts! (is-eq tx-sender contract-owner) ERR_NOT_AUTHORIZED)
    (ft-mint? usdc-token amount recipient)
  )
)

(define-read-only (get-name) (ok "USD Coin (sPay devnet)"))
(define-read-only (get-symbol) (ok "USDC"))
(define-read-only (get-decimals) (ok u6))
(define-read-only (get-balance (who principal)) (ok (ft-get-balance usdc-token who)))
(define-read-only (get-total-supply) (ok (ft-get-supply usdc-token)))
(define-read-only (get-token-uri) (ok none))
