import { useMemo } from "react";
import { WALLET_PICKER_MESSAGES } from "../../core/messages.js";
import type { WalletInfo } from "../../core/types.js";
import { userCanceled, type WalletError } from "../../core/wallet/errors.js";
import { listWallets } from "../../core/wallet/providers.js";
import { Dialog } from "../dialog/Dialog.js";
import { SpayRoot } from "../theme/SpayRoot.js";
import type { Theme } from "../theme/theme.js";
import { orderWallets } from "./orderWallets.js";
import { walletPickerCss } from "./wallet-picker.css.js";

/** Props of {@link WalletPicker}. */
export interface WalletPickerProps {
  /** The wallets to offer; default the four known ones with their installed state. */
  wallets?: readonly WalletInfo[];
  onSelect: (wallet: WalletInfo) => void;
  /** Escape or Cancel: SPEC.md §2's 'User canceled the request' (code -31001). */
  onCancel: (error: WalletError) => void;
  theme?: Theme;
}

/** SPEC.md §2's wallet picker: Leather, Xverse, Asigna (multisig), Fordefi; installed ones first. */
export function WalletPicker({ wallets, onSelect, onCancel, theme }: WalletPickerProps) {
  const ordered = useMemo(() => orderWallets(wallets ?? listWallets()), [wallets]);
  const cancel = () => onCancel(userCanceled());
  return (
    <SpayRoot theme={theme} css={walletPickerCss}>
      <Dialog title={WALLET_PICKER_MESSAGES.chooseWallet} onClose={cancel}>
        <ul className="spay-wallets">
          {ordered.map((wallet) => (
            <li key={wallet.id}>
              <button
                type="button"
                className="spay-btn spay-wallet"
                disabled={!wallet.installed}
                onClick={() => onSelect(wallet)}
              >
                <span>{wallet.name}</span>
                <span className="spay-wallet-tags">
                  {wallet.multisig ? (
                    <span className="spay-badge">{WALLET_PICKER_MESSAGES.multisig}</span>
                  ) : null}
                  {wallet.installed ? null : <span>{WALLET_PICKER_MESSAGES.notInstalled}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="spay-dialog-actions">
          <button type="button" className="spay-btn" onClick={cancel}>
            {WALLET_PICKER_MESSAGES.cancel}
          </button>
        </div>
      </Dialog>
    </SpayRoot>
  );
}
