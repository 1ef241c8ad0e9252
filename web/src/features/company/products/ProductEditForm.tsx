import {
  CATEGORIES,
  CATEGORY_LABELS,
  GENDER_LABELS,
  GENDERS,
  TAX_CLASS_LABELS,
  TAX_CLASSES,
  type TaxClass,
} from "../../../../../shared/constants";
import type { ProductChanges, ProductDetail } from "../../../api/catalogue";
import { formatCOP, formatPercent } from "../../../lib/format";
import {
  CheckboxField,
  type FieldErrors,
  NumberField,
  PageForm,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from "../../../lib/ui/form";
import { useUpdateProduct } from "./mutations";

type Product = ProductDetail["product"];

type Values = {
  brand: string;
  model: string;
  color: string;
  description: string;
  category: string;
  gender: string;
  unit_price: string;
  box_price: string;
  cost_price: string;
  tax_class: TaxClass;
  is_active: boolean;
  published: boolean;
};

const money = (n: number | null) => (n === null ? "" : String(n));

function valuesOf(p: Product): Values {
  return {
    brand: p.brand,
    model: p.model,
    color: p.color ?? "",
    description: p.description ?? "",
    category: p.category ?? "",
    gender: p.gender ?? "",
    unit_price: money(p.unit_price),
    box_price: money(p.box_price),
    cost_price: money(p.cost_price),
    tax_class: p.tax_class,
    is_active: p.is_active,
    published: p.published,
  };
}

function validate(v: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  if (!v.brand.trim()) errors.brand = "La marca es requerida";
  if (!v.model.trim()) errors.model = "El modelo es requerido";
  if (!(Number(v.unit_price) > 0)) errors.unit_price = "El precio debe ser mayor que cero";
  if (v.box_price !== "" && !(Number(v.box_price) >= 0)) errors.box_price = "El precio por caja no es válido";
  if (v.cost_price !== "" && !(Number(v.cost_price) >= 0)) errors.cost_price = "El costo no es válido";
  return errors;
}

/** Only what changed is sent, so the price history records real changes only. */
export function changesOf(before: Values, after: Values): ProductChanges {
  const out: ProductChanges = {};
  for (const k of ["brand", "model"] as const) if (after[k].trim() !== before[k].trim()) out[k] = after[k].trim();
  if (after.color.trim() !== before.color.trim()) out.color = after.color.trim() || null;
  if (after.description.trim() !== before.description.trim()) out.description = after.description.trim() || null;
  if (after.category !== before.category) out.category = (after.category || null) as ProductChanges["category"];
  if (after.gender !== before.gender) out.gender = (after.gender || null) as ProductChanges["gender"];
  if (after.unit_price !== before.unit_price) out.unit_price = Number(after.unit_price);
  if (after.box_price !== before.box_price) out.box_price = after.box_price === "" ? null : Number(after.box_price);
  if (after.cost_price !== before.cost_price)
    out.cost_price = after.cost_price === "" ? null : Number(after.cost_price);
  if (after.tax_class !== before.tax_class) out.tax_class = after.tax_class;
  if (after.is_active !== before.is_active) out.is_active = after.is_active;
  if (after.published !== before.published) out.published = after.published;
  return out;
}

/**
 * Editar: data, prices and cost (cost never reaches sellers), active or not, published in the online
 * store or not (only with a photo: the API refuses otherwise). Only changes are sent.
 */
export function ProductEditForm({ product, onSaved }: { product: Product; onSaved: (message: string) => void }) {
  const initial = valuesOf(product);
  const update = useUpdateProduct();
  const form = useForm<Values>({
    initial,
    validate,
    failurePrefix: "Error al guardar el producto",
    submit: async (values) => {
      const changes = changesOf(initial, values);
      if (Object.keys(changes).length === 0) {
        form.setBusy(false);
        form.setFailure("No hay cambios para guardar");
        return;
      }
      const answer = await update.mutateAsync({ id: product.id, changes });
      form.setBusy(false);
      onSaved(
        changes.unit_price !== undefined
          ? `Producto actualizado. Nuevo precio ${formatCOP(answer.product.unit_price)}: aplica a las ventas nuevas`
          : "Producto actualizado",
      );
    },
  });
  const { values, set, bind } = form;
  const margin =
    Number(values.unit_price) > 0 && values.cost_price !== ""
      ? Math.round(((Number(values.unit_price) - Number(values.cost_price)) / Number(values.unit_price)) * 100)
      : null;
  return (
    <PageForm form={form} submitLabel="Guardar cambios">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Marca *" {...bind("brand")} />
        <TextField label="Modelo *" {...bind("model")} />
        <TextField label="Color" {...bind("color")} />
        <SelectField
          label="Categoría"
          {...bind("category")}
          placeholder="Sin categoría"
          options={CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        />
        <SelectField
          label="Género"
          {...bind("gender")}
          placeholder="Sin indicar"
          options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
        />
        <NumberField
          label="Precio unitario (COP) *"
          {...bind("unit_price")}
          hint="Aplica a las ventas nuevas; las anteriores conservan su precio"
        />
        <NumberField label="Precio por caja (COP)" {...bind("box_price")} />
        <NumberField
          label="Costo (COP)"
          {...bind("cost_price")}
          hint={margin === null ? "Solo lo ven administradores y el boss" : `Margen bruto ${formatPercent(margin)}`}
        />
        <SelectField
          label="IVA"
          value={values.tax_class}
          onChange={(value) => set("tax_class", value as TaxClass)}
          options={TAX_CLASSES.map((c) => ({ value: c, label: TAX_CLASS_LABELS[c] }))}
          hint="El precio lo incluye; rige desde la próxima venta"
        />
      </div>
      <TextAreaField label="Descripción" {...bind("description")} rows={2} />
      <CheckboxField
        label="Activo (se puede vender y solicitar)"
        checked={values.is_active}
        onChange={(checked) => set("is_active", checked)}
      />
      <CheckboxField
        label="Publicar en la tienda (la tienda en línea lo muestra con su foto y sus tallas disponibles)"
        checked={values.published}
        disabled={product.image_url === null && !values.published}
        onChange={(checked) => set("published", checked)}
      />
      {product.image_url === null && (
        <p className="text-sm text-stone-600">Agrega una foto en la pestaña Foto para poder publicarlo en la tienda.</p>
      )}
    </PageForm>
  );
}
