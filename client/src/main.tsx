import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { unlockAudioOnGesture } from "./game/sound.ts";
import { initI18n } from "./i18n/index.ts";
import "./styles.css";
// After the base styles, which it refines for the live table.
import "./table-layout.css";

initI18n();
unlockAudioOnGesture();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
