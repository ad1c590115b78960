/**
 * The URL's other parameters as hidden fields, so that a GET form of the table carries the rest of the table
 * state along. The page is dropped (a change goes back to page 1) unless `keepPage`.
 */
export function KeptParams({
  params,
  except,
  keepPage = false,
}: {
  params: URLSearchParams;
  except: readonly string[];
  keepPage?: boolean;
}) {
  return [...params.entries()]
    .filter(([key]) => !except.includes(key) && (keepPage || key !== "page"))
    .map(([key, value]) => <input key={`${key}=${value}`} type="hidden" name={key} value={value} />);
}
