import { conversationServer } from "../tickets/section.server";

/** The admin_support inbox: the conversation model's server half on the feedback conversations. */
export const server = conversationServer("feedback_conversations");
