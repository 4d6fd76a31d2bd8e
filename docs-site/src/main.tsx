import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App.tsx";
import "./styles.css";

/**
 * The pre-rendered HTML is for readers without JavaScript, search engines and link previews; in a
 * browser the app renders afresh over it (blog data and lazy pages load on the client).
 */
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");
root.replaceChildren();
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
