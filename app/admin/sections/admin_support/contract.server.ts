/**
 * The admin_support inbox's upstream contract: the conversation model's (../tickets/contract.server.ts) on
 * /api/admin/feedback_conversations.
 */
export {
  AdminConversationResponseSchema,
  AdminConversationSchema,
  AdminConversationsResponseSchema,
} from "../tickets/contract.server";
