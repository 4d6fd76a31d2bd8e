// Every screen holds its layout in the light theme at 1280 px (test/harness/layout-walk.ts).
import { layoutWalk } from "../harness/layout-walk.ts";

layoutWalk("light", 1280, { seedCheck: true });
