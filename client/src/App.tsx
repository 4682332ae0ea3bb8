import { type FormEvent, useState } from "react";
import { useTableRoom } from "./net/use-table-room.ts";
import { TableCanvas } from "./table/TableCanvas.tsx";

const NAME_KEY = "habibka.name";

export function App() {
  const [name, setName] = useState<string | null>(null);
  const [draft, setDraft] = useState(() => localStorage.getItem(NAME_KEY) ?? "");
  const { status, snapshot } = useTableRoom(name);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = draft.trim();
    if (!trimmed) return;
    localStorage.setItem(NAME_KEY, trimmed);
    setName(trimmed);
  }

  return (
    <main className="app">
      <header className="app-header">
        <h1>Хабибка онлайн</h1>
        {name === null ? (
          <form onSubmit={submit} className="name-form">
            <label>
              Ваше имя <input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={24} name="name" />
            </label>
            <button type="submit">За стол</button>
          </form>
        ) : (
          <ul className="players" aria-label="Игроки" data-testid="players">
            {snapshot.players.map((p) => (
              <li
                key={p.sessionId}
                className={status.kind === "joined" && p.sessionId === status.sessionId ? "me" : ""}
              >
                {p.name}
              </li>
            ))}
          </ul>
        )}
        {status.kind === "error" && name !== null && <p role="alert">Не удалось подключиться: {status.message}</p>}
      </header>
      <TableCanvas balls={snapshot.balls} />
    </main>
  );
}
