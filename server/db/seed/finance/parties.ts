import type { Insertable } from 'kysely';
import type {
  BrandsTable,
  ContractsTable,
  MerchantsTable,
  ProductsTable,
} from '../../schema-finance';
import { seedId } from '../ids';
import { addMonths } from './calendar';
import {
  accountants,
  bookkeepers,
  categories,
  cities,
  companyCores,
  givenNames,
  surnames,
  type Category,
} from './names';
import type { Random } from './random';

/** Id kinds of finance seed rows (see seedId); 40 and up, clear of the foundation's. */
export const financeKinds = {
  brand: 41,
  contract: 42,
  product: 43,
  advance: 44,
  joint: 45,
  lease: 46,
  settlement: 47,
  sales: 48,
  contractPrint: 49,
  dunning: 50,
  invoice: 51,
  invoiceFile: 52,
} as const;

export interface Parties {
  merchants: Insertable<MerchantsTable>[];
  brands: Insertable<BrandsTable>[];
  products: Insertable<ProductsTable>[];
  contracts: Insertable<ContractsTable>[];
}

interface ContractPlan {
  store: string;
  floor?: string;
  mode?: 'joint' | 'lease';
  accountant?: string;
  bookkeeper?: string;
}

interface BrandPlan {
  name: string;
  category: string;
  contracts: ContractPlan[];
}

interface MerchantPlan {
  code: string;
  name: string;
  contactName: string;
  contactMobile: string;
  brands: BrandPlan[];
}

/**
 * The demo merchants whose accounts exist in people.ts (vendor code = account minus SZHY).
 * SZHY10001 trades in S01, S02 and S03 (store01 sees two of them), with 王会计 (acct01) as
 * accountant on two contracts and as bookkeeper of the third; SZHY10002 trades only in S03
 * and S04, outside store01's stores.
 */
const demoMerchants: MerchantPlan[] = [
  {
    code: '10001',
    name: '深圳市丽人坊化妆品有限公司',
    contactName: '林丽',
    contactMobile: '13800000001',
    brands: [
      {
        name: '丽人坊',
        category: 'cosmetics',
        contracts: [
          { store: 'S01', floor: 'L1', accountant: '王会计', bookkeeper: '周敏' },
          { store: 'S03', floor: 'L1', mode: 'lease', accountant: '王会计', bookkeeper: '周敏' },
        ],
      },
      {
        name: 'LRF 香氛',
        category: 'cosmetics',
        contracts: [{ store: 'S02', floor: 'L1', accountant: '刘会计', bookkeeper: '王会计' }],
      },
    ],
  },
  {
    code: '10002',
    name: '广州市悦茶餐饮管理有限公司',
    contactName: '何芳',
    contactMobile: '13800000002',
    brands: [
      {
        name: '悦茶',
        category: 'tea',
        contracts: [
          { store: 'S03', floor: 'B1', accountant: '陈会计', bookkeeper: '郑丽' },
          { store: 'S04', floor: 'L1', accountant: '杨会计', bookkeeper: '冯雪' },
        ],
      },
    ],
  },
  {
    code: '10003',
    name: '深圳市丽人坊美容服务有限公司',
    contactName: '林丽',
    contactMobile: '13800000001',
    brands: [
      {
        name: '丽人坊美容',
        category: 'cosmetics',
        contracts: [{ store: 'S01', floor: 'L2', mode: 'lease', accountant: '刘会计' }],
      },
    ],
  },
];

/** Brand names with LIKE wildcards in them, so tests can check they are matched literally. */
const wildcardBrands = [
  { name: '100%纯棉', category: 'home' },
  { name: 'Tea_Time', category: 'womenswear' },
];
const reserved = new Set(wildcardBrands.map((brand) => brand.name));

const storeCodes = ['S01', 'S02', 'S03', 'S04'];

const categoryOf = (key: string): Category => {
  const found = categories.find((category) => category.key === key);
  if (!found) throw new Error(`unknown category ${key}`);
  return found;
};

const personName = (random: Random) => random.pick(surnames) + random.pick(givenNames);
const mobile = (random: Random, prefix: string) => prefix + random.digits(11 - prefix.length);

/** Generated merchant units: no user accounts, names from the pools. */
function generatedMerchant(random: Random, k: number): MerchantPlan {
  const category = k < wildcardBrands.length ? wildcardBrands[k]!.category : '';
  const picked = category ? categoryOf(category) : random.pick(categories);
  const core =
    k < 120
      ? companyCores[k % companyCores.length]!
      : companyCores[k % companyCores.length]! +
        companyCores[Math.floor(k / companyCores.length) % companyCores.length]!;
  const city = cities[Math.floor(k / companyCores.length) % cities.length]!;
  const brandCount = random.chance(0.3) ? 2 : 1;
  const brands: BrandPlan[] = [];
  for (let b = 0; b < brandCount; b++) {
    const cat = b === 0 ? picked : random.pick(categories);
    const special = k < wildcardBrands.length && b === 0 ? wildcardBrands[k]!.name : '';
    const name = special || random.pick(cat.brands.filter((brand) => !reserved.has(brand)));
    const stores = [...storeCodes].sort(() => random.next() - 0.5);
    const contractCount = random.chance(0.4) ? 2 : 1;
    brands.push({
      name,
      category: cat.key,
      contracts: stores.slice(0, contractCount).map((store) => ({ store })),
    });
  }
  return {
    code: String(10004 + k),
    name: `${city}${core}${picked.industry}有限公司`,
    contactName: personName(random),
    contactMobile: mobile(random, '13'),
    brands,
  };
}

/** An EAN-13 barcode with a real check digit (Chinese prefix 69). */
function barcode(n: number): string {
  const body = `69${String(n).padStart(10, '0')}`;
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

const lastDayBefore = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
};

export interface PartyWindow {
  /** First statement month ('YYYY-MM-01'); contracts start on or before it. */
  firstMonth: string;
  currentMonth: string;
}

/** Merchants, brands, products and contracts for a scale (40 generated merchants per unit). */
export function buildParties(random: Random, scale: number, window: PartyWindow): Parties {
  const plans = [...demoMerchants];
  for (let k = 0; k < 40 * scale; k++) plans.push(generatedMerchant(random, k));
  const parties: Parties = { merchants: [], brands: [], products: [], contracts: [] };
  const perStore = new Map<string, number>();
  for (const plan of plans) {
    parties.merchants.push({
      code: plan.code,
      name: plan.name,
      contact_name: plan.contactName,
      contact_mobile: plan.contactMobile,
    });
    for (const brandPlan of plan.brands) {
      const category = categoryOf(brandPlan.category);
      const brandId = seedId(financeKinds.brand, parties.brands.length + 1);
      parties.brands.push({
        id: brandId,
        merchant_code: plan.code,
        name: brandPlan.name,
        category: category.key,
      });
      const prices = addProducts(parties, random, brandId, category);
      const meanPrice = prices.reduce((a, b) => a + b, 0) / prices.length;
      for (const contractPlan of brandPlan.contracts) {
        const n = (perStore.get(contractPlan.store) ?? 0) + 1;
        perStore.set(contractPlan.store, n);
        parties.contracts.push(
          contractRow(random, {
            id: seedId(financeKinds.contract, parties.contracts.length + 1),
            plan,
            brandId,
            category,
            contractPlan,
            n,
            meanPrice,
            window,
          }),
        );
      }
    }
  }
  return parties;
}

function addProducts(parties: Parties, random: Random, brandId: string, category: Category) {
  const names = [...category.products].sort(() => random.next() - 0.5).slice(0, 3);
  return names.map((name) => {
    const n = parties.products.length + 1;
    const [low, high] = category.price;
    // Prices end in 9 or 8, as shop prices do.
    const unitPrice = Math.max(low, Math.round(random.int(low, high) / 10) * 10 - 1);
    parties.products.push({
      id: seedId(financeKinds.product, n),
      brand_id: brandId,
      name,
      barcode: barcode(35_000_000 + n * 7),
      unit_price: unitPrice,
    });
    return unitPrice;
  });
}

interface ContractInput {
  id: string;
  plan: MerchantPlan;
  brandId: string;
  category: Category;
  contractPlan: ContractPlan;
  n: number;
  meanPrice: number;
  window: PartyWindow;
}

function contractRow(random: Random, input: ContractInput): Insertable<ContractsTable> {
  const { id, plan, brandId, category, contractPlan, n, meanPrice, window } = input;
  const mode = contractPlan.mode ?? category.mode;
  const floor = contractPlan.floor ?? random.pick(category.floors);
  const area = random.int(25, 260) + (random.chance(0.5) ? 0.5 : 0);
  const startsOn = addMonths(window.firstMonth, -random.int(0, 8));
  // Three products, each selling 1.5 units every fourth day: the sales generator's average.
  const expectedSales = Math.round(3 * 30 * 0.375 * meanPrice);
  return {
    id,
    number: `HT-${startsOn.slice(0, 4)}-${contractPlan.store}-${String(n).padStart(4, '0')}`,
    store_code: contractPlan.store,
    merchant_code: plan.code,
    brand_id: brandId,
    mode,
    floor,
    shop_no: `${floor}-${String(random.int(1, 60)).padStart(2, '0')}`,
    area,
    starts_on: startsOn,
    ends_on: lastDayBefore(addMonths(window.currentMonth, random.int(12, 36))),
    department: category.department,
    commission_rate: mode === 'joint' ? random.int(18, 32) / 100 : 0,
    guaranteed_sales: Math.round((expectedSales * 0.8) / 100) * 100,
    expected_sales: expectedSales,
    base_rent: mode === 'lease' ? Math.round(area * random.int(120, 380)) : 0,
    property_fee: Math.round(area * random.int(25, 45)),
    promotion_fee: Math.round(area * random.int(5, 15)),
    accountant_name: contractPlan.accountant ?? random.pick(accountants),
    bookkeeper_name: contractPlan.bookkeeper ?? random.pick(bookkeepers),
    liaison_name: personName(random),
    liaison_mobile: mobile(random, '139'),
  };
}
