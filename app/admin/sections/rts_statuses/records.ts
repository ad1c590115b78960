/** An RTS status as its pages draw it (the upstream contract, contract.server.ts, satisfies it). */
import type { RtsTone } from "~/domain/rts";

export interface AdminRtsStatus {
  id: number;
  statusCode: string;
  statusTitle: string;
  displayStatus: string;
  /** The badge's colour: ready, in progress or blocked (app/domain/rts.ts). */
  tone: RtsTone;
  description: string;
  carrier: { id: number; name: string } | null;
  usageCount: number;
  updatedAt: string;
}
