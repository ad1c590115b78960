import { Button, Group, Input, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import type SignaturePad from "signature_pad";
import { signaturePointCount, type SignatureStroke } from "~/domain/signature";
import { type Field, errorText } from "./field";

/**
 * Signature capture (spec §2/§5: valid only with more than 15 points). Drawing needs JavaScript; the
 * strokes travel in a hidden field as JSON and the server checks the rule again.
 */
export function SignatureField({ field }: { field: Field }) {
  const error = errorText(field);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [strokes, setStrokes] = useState<SignatureStroke[]>([]);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    // A pad that fails to load (a flaky connection) leaves the message that drawing needs JavaScript.
    import("signature_pad")
      .then(({ default: Pad }) => {
        if (cancelled || !canvas.current) return;
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const el = canvas.current;
        el.width = el.offsetWidth * ratio;
        el.height = el.offsetHeight * ratio;
        el.getContext("2d")?.scale(ratio, ratio);
        const instance = new Pad(el, { penColor: "#1a1b1e" });
        instance.addEventListener("endStroke", () => {
          setStrokes(
            instance.toData().map((group) => ({ points: group.points.map(({ x, y, time }) => ({ x, y, time })) })),
          );
        });
        pad.current = instance;
        setReady(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      pad.current?.off();
    };
  }, []);

  return (
    <Input.Wrapper
      label="Signature"
      error={error}
      errorProps={{ id: field.errorId }}
      description="Sign with your mouse, finger or stylus."
    >
      {/* Shown until the drawing pad has loaded: without JavaScript it stays. */}
      {ready ? null : (
        <Text c="red" size="sm" data-testid="signature-needs-js">
          Drawing your signature needs JavaScript. If this message stays, please enable JavaScript to sign.
        </Text>
      )}
      <canvas
        ref={canvas}
        className="signature-canvas"
        role="img"
        aria-label={`Signature area: ${signaturePointCount(strokes)} points drawn`}
        aria-describedby={error ? field.errorId : undefined}
        data-ready={ready || undefined}
      />
      <input type="hidden" name={field.name} value={JSON.stringify(strokes)} />
      <Group mt="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            pad.current?.clear();
            setStrokes([]);
          }}
        >
          Clear
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
