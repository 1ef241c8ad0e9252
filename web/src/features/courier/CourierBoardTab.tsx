import type { ReactNode } from "react";
import type { CourierBoard as Board } from "../../api/transfers-schemas";
import { Spinner } from "../../lib/ui/Spinner";
import { useCourier } from "./useCourierBoard";

/** A tab drawn from the courier's board: its spinner until the first answer, then the tab. */
export function CourierBoardTab({ children }: { children: (board: Board) => ReactNode }) {
  const { board } = useCourier();
  if (board.data === null) return board.status === "loading" ? <Spinner label="Cargando tus entregas..." /> : null;
  return <>{children(board.data)}</>;
}
