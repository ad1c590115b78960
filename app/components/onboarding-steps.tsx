import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Button, Checkbox, Group, Input, Radio, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMemo, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { formatDate } from "~/domain/formats";
import { FilesKeptMarker } from "./files-kept-marker";
import { MASKED_EIN, MASKED_SSN, formatEin, formatPhone, formatSsn } from "~/domain/masks";
import {
  DOCUMENT_KINDS,
  bankingSchema,
  isoYearsAgo,
  documentsSchema,
  licenseSchema,
  optoutSchema,
  personalSchema,
  signatureFormSchema,
} from "~/domain/onboarding-forms";
import { ACCEPTED_UPLOAD_TYPES } from "~/domain/uploads";
import { toUsDate } from "~/domain/validation";
import { DateField } from "./date-field";
import { MaskedInput } from "./masked-input";
import { SignatureField } from "./signature-field";

type Result = SubmissionResult<string[]> | undefined;

function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  return errors?.length ? (
    <Alert color="red" role="alert" id={id}>
      {errors.join(" ")}
    </Alert>
  ) : null;
}

function Submit({ children, intent }: { children: ReactNode; intent?: string }) {
  const navigation = useNavigation();
  return (
    <Button type="submit" name="intent" value={intent ?? "save"} loading={navigation.state === "submitting"}>
      {children}
    </Button>
  );
}

function fieldError(field: { errors?: string[]; errorId: string }) {
  return { error: field.errors?.join(" "), errorProps: { id: field.errorId } };
}

export interface PersonalValues {
  firstName: string;
  lastName: string;
  phone: string | null;
  dateOfBirth: string | null;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  taxIdType: "ssn" | "ein" | null;
}

export function PersonalStep({
  values,
  requiresTaxId,
  today,
  lastResult,
}: {
  values: PersonalValues;
  requiresTaxId: boolean;
  today: string;
  lastResult: Result;
}) {
  const schema = useMemo(
    () => personalSchema({ today, taxIdRequired: requiresTaxId && values.taxIdType === null }),
    [today, requiresTaxId, values.taxIdType],
  );
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: {
      ...values,
      phone: formatPhone(values.phone ?? ""),
      dateOfBirth: toUsDate(values.dateOfBirth),
      taxIdType: values.taxIdType ?? "ssn",
    },
  });
  // The mask follows the kind chosen (SSN ###-##-####, EIN ##-#######).
  const [taxIdType, setTaxIdType] = useState((fields.taxIdType.initialValue as string | undefined) ?? "ssn");
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="sm">
        <FormErrors errors={form.errors} id={form.errorId} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...getInputProps(fields.firstName, { type: "text" })} key={fields.firstName.key} label="First name" autoComplete="given-name" {...fieldError(fields.firstName)} />
          <TextInput {...getInputProps(fields.lastName, { type: "text" })} key={fields.lastName.key} label="Last name" autoComplete="family-name" {...fieldError(fields.lastName)} />
          <MaskedInput name={fields.phone.name} id={fields.phone.id} key={fields.phone.key} defaultValue={(fields.phone.initialValue as string) ?? ""} format={formatPhone} label="Phone" autoComplete="tel" {...fieldError(fields.phone)} />
          <DateField name={fields.dateOfBirth.name} id={fields.dateOfBirth.id} key={fields.dateOfBirth.key} defaultValue={(fields.dateOfBirth.initialValue as string) ?? ""} label="Date of birth" description="MM/DD/YYYY" min="1900-01-01" max={isoYearsAgo(today, 18)} {...fieldError(fields.dateOfBirth)} />
          <TextInput {...getInputProps(fields.addressLine1, { type: "text" })} key={fields.addressLine1.key} label="Street address" autoComplete="address-line1" {...fieldError(fields.addressLine1)} />
          <TextInput {...getInputProps(fields.city, { type: "text" })} key={fields.city.key} label="City" autoComplete="address-level2" {...fieldError(fields.city)} />
          <TextInput {...getInputProps(fields.state, { type: "text" })} key={fields.state.key} label="State" maxLength={2} autoComplete="address-level1" {...fieldError(fields.state)} />
          <TextInput {...getInputProps(fields.zip, { type: "text" })} key={fields.zip.key} label="ZIP code" inputMode="numeric" maxLength={5} autoComplete="postal-code" {...fieldError(fields.zip)} />
        </SimpleGrid>
        {requiresTaxId ? (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>
              <Text fw={600}>Tax identification</Text>
            </legend>
            {values.taxIdType ? (
              <Text size="sm" mb="xs" data-testid="tax-id-on-file">
                On file: {values.taxIdType === "ssn" ? `SSN ${MASKED_SSN}` : `EIN ${MASKED_EIN}`}. Enter a new number only to replace it.
              </Text>
            ) : null}
            <Group gap="lg" mb="xs">
              <Radio name={fields.taxIdType.name} value="ssn" label="SSN" checked={taxIdType === "ssn"} onChange={() => setTaxIdType("ssn")} />
              <Radio name={fields.taxIdType.name} value="ein" label="EIN (TIN)" checked={taxIdType === "ein"} onChange={() => setTaxIdType("ein")} />
            </Group>
            <MaskedInput
              name={fields.taxId.name}
              id={fields.taxId.id}
              key={`${fields.taxId.key}-${taxIdType}`}
              format={taxIdType === "ein" ? formatEin : formatSsn}
              label="SSN (###-##-####) or EIN (##-#######)"
              autoComplete="off"
              {...fieldError(fields.taxId)}
            />
          </fieldset>
        ) : null}
        <Group>
          <Submit>Save &amp; Continue</Submit>
        </Group>
      </Stack>
    </Form>
  );
}

export interface LicenseRow {
  id: number;
  state: string;
  licenseNumber: string;
  licenseType: string;
  status: string;
  expiresOn: string | null;
}

export function LicensesStep({ licenses, today, lastResult }: { licenses: LicenseRow[]; today: string; lastResult: Result }) {
  const schema = useMemo(() => licenseSchema({ today }), [today]);
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Stack gap="md">
      {licenses.length === 0 ? (
        <Text c="dimmed">No licenses on file yet. Add your resident license below.</Text>
      ) : (
        <Table withTableBorder aria-label="Your licenses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">State</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Number</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {licenses.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.state}</Table.Td>
                <Table.Td>{l.licenseType}</Table.Td>
                <Table.Td>{l.licenseNumber}</Table.Td>
                <Table.Td>{formatDate(l.expiresOn)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Form method="post" {...getFormProps(form)} aria-label="Add a license">
        <Stack gap="sm">
          <FormErrors errors={form.errors} id={form.errorId} />
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <TextInput {...getInputProps(fields.state, { type: "text" })} key={fields.state.key} label="State" maxLength={2} {...fieldError(fields.state)} />
            <TextInput {...getInputProps(fields.licenseNumber, { type: "text" })} key={fields.licenseNumber.key} label="License number" {...fieldError(fields.licenseNumber)} />
            <TextInput {...getInputProps(fields.licenseType, { type: "text" })} key={fields.licenseType.key} label="License type" placeholder="Health" {...fieldError(fields.licenseType)} />
            <DateField name={fields.expiresOn.name} id={fields.expiresOn.id} key={fields.expiresOn.key} label="Expires on" description="MM/DD/YYYY" min={today} {...fieldError(fields.expiresOn)} />
          </SimpleGrid>
          <Group>
            <Submit intent="add">Add license</Submit>
          </Group>
        </Stack>
      </Form>
      <Form method="post">
        <Submit intent="continue">Continue</Submit>
      </Form>
    </Stack>
  );
}

export function BankingStep({
  values,
  lastResult,
}: {
  values: { accountHolder: string; accountType: "checking" | "savings"; routingNumber: string; accountNumberLast4: string } | null;
  lastResult: Result;
}) {
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bankingSchema }),
    defaultValue: values ? { accountHolder: values.accountHolder, accountType: values.accountType, routingNumber: values.routingNumber } : { accountType: "checking" },
  });
  const accountType = (fields.accountType.initialValue as string | undefined) ?? "checking";
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="sm">
        <FormErrors errors={form.errors} id={form.errorId} />
        {values ? <Text size="sm">On file: account ending in {values.accountNumberLast4}. Enter the account number again to change the details.</Text> : null}
        <TextInput {...getInputProps(fields.accountHolder, { type: "text" })} key={fields.accountHolder.key} label="Account holder" {...fieldError(fields.accountHolder)} />
        <Radio.Group name={fields.accountType.name} label="Account type" defaultValue={accountType} {...fieldError(fields.accountType)}>
          <Group gap="lg" mt={4}>
            <Radio value="checking" label="Checking" />
            <Radio value="savings" label="Savings" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...getInputProps(fields.routingNumber, { type: "text" })} key={fields.routingNumber.key} label="Routing number" inputMode="numeric" maxLength={9} {...fieldError(fields.routingNumber)} />
          <TextInput {...getInputProps(fields.accountNumber, { type: "text" })} key={fields.accountNumber.key} label="Account number" inputMode="numeric" maxLength={17} autoComplete="off" {...fieldError(fields.accountNumber)} />
        </SimpleGrid>
        <Group>
          <Submit>Save &amp; Continue</Submit>
        </Group>
      </Stack>
    </Form>
  );
}

export function DocumentsStep({
  stored,
  lastResult,
}: {
  stored: Array<{ kind: "w9" | "eo"; file: { name: string } }>;
  lastResult: Result;
}) {
  const schema = useMemo(() => documentsSchema(stored.map((d) => d.kind)), [stored]);
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      <FilesKeptMarker />
      <Stack gap="sm">
        <FormErrors errors={form.errors} id={form.errorId} />
        {DOCUMENT_KINDS.map(({ kind, label }) => {
          const field = fields[kind];
          const current = stored.find((d) => d.kind === kind);
          return (
            <Input.Wrapper
              key={kind}
              label={current ? `${label} (on file: ${current.file.name}; choose a file to replace it)` : `${label} (image or PDF, up to 10 MB)`}
              labelProps={{ htmlFor: field.id }}
              {...fieldError(field)}
            >
              <input
                type="file"
                name={field.name}
                id={field.id}
                accept={ACCEPTED_UPLOAD_TYPES}
                className="file-input"
                aria-invalid={field.errors ? true : undefined}
                aria-describedby={field.errors ? field.errorId : undefined}
              />
            </Input.Wrapper>
          );
        })}
        <Group>
          <Submit>Save &amp; Continue</Submit>
        </Group>
      </Stack>
    </Form>
  );
}

export function SignatureStep({ signedAt, lastResult }: { signedAt: string | null; lastResult: Result }) {
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signatureFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="sm">
        <FormErrors errors={form.errors} id={form.errorId} />
        {signedAt ? <Text size="sm">Signed on {formatDate(signedAt)}. Sign again to replace it.</Text> : null}
        <SignatureField name={fields.signature.name} error={fields.signature.errors?.join(" ")} errorId={fields.signature.errorId} />
        <Group>
          <Submit>Save &amp; Continue</Submit>
        </Group>
      </Stack>
    </Form>
  );
}

export function OptoutStep({ values, lastResult }: { values: { marketingEmails: boolean; leadPrograms: boolean } | null; lastResult: Result }) {
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: optoutSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="sm">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Checkbox name={fields.marketingEmails.name} label="Opt out of marketing e-mails" defaultChecked={values?.marketingEmails ?? false} />
        <Checkbox name={fields.leadPrograms.name} label="Opt out of lead programs" defaultChecked={values?.leadPrograms ?? false} />
        <Group>
          <Submit>Save &amp; Continue</Submit>
        </Group>
      </Stack>
    </Form>
  );
}
