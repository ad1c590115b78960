/** The admin_support inbox draws the support desk's one conversation model (app/admin/sections/tickets/records.ts). */
export type { AdminConversation, ConversationEntry } from "../tickets/records";
