// Every screen holds its layout in the dark theme at 1280 px (test/harness/layout-walk.ts).
import { layoutWalk } from "../harness/layout-walk.ts";

layoutWalk("dark", 1280);
