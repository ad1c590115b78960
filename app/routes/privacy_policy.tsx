import { List, Stack, Text, Title } from "@mantine/core";
import { BRANDINGS } from "~/domain/branding";
import { useRootData } from "~/root";

export function meta() {
  return [{ title: "Privacy Policy" }];
}

export default function PrivacyPolicy() {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  const entity = branding.authorisedEntity;
  return (
    <Stack gap="md">
      <Title order={1}>Privacy Policy</Title>
      <Text>
        This portal is operated by {entity}. This policy explains what we collect when you use it, why, and the choices
        you have.
      </Text>
      <Title order={2} size="h3">
        What we collect
      </Title>
      <List>
        <List.Item>Account details: your name, e-mail address, phone number, NPN and licenses.</List.Item>
        <List.Item>
          Contracting details you submit: answers to legal questions, documents, banking details and signatures.
        </List.Item>
        <List.Item>Business records: your contracts, policies, commissions and support conversations.</List.Item>
        <List.Item>Technical records: sign-in times and request logs, kept to keep the service secure.</List.Item>
      </List>
      <Title order={2} size="h3">
        How we use it
      </Title>
      <Text>
        We use your information to contract you with insurance carriers, pay commissions, support you and meet our legal
        duties. We share it with the carriers you ask to contract with and with service providers bound by
        confidentiality. We do not sell your personal information.
      </Text>
      <Title order={2} size="h3">
        Text messages
      </Title>
      <Text>
        We send text-message alerts only if you agree to receive them. You can change your answer at any time in your
        profile.
      </Text>
      <Title order={2} size="h3">
        Your choices
      </Title>
      <Text>
        You may ask to see, correct or delete your information by writing to privacy@demo.test. We answer within 30
        days.
      </Text>
    </Stack>
  );
}
