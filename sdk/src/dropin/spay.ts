import { installSPay } from "./install.js";

installSPay();
