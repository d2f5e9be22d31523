import type {
  DispatchIntegrationType,
  CheckoutTemplate,
  DiscountApplication,
  DiscountTemplate,
  DiscountType,
  LocalizedText,
  PaymentMethodType,
  PaymentTemplate,
} from '@app/contracts';

// The demo world: two tenants so isolation can be seen. Demo passwords only ever live here.
export const DEMO_PASSWORD = 'demo1234';

const t = (en: string, ar: string, es: string): LocalizedText => ({ fieldValue: en, en, ar, es });

type DemoItem = {
  title: LocalizedText;
  description?: LocalizedText;
  variants: { title: LocalizedText; price: string }[];
  taxes: string[];
  isNew?: boolean;
};
type DemoSection = {
  title: LocalizedText;
  description?: LocalizedText;
  excluded?: CheckoutTemplate[];
  items?: DemoItem[];
  children?: DemoSection[];
};

export type DemoTenant = {
  slug: string;
  name: LocalizedText;
  /** The menu comes from a point of sale: the admin shows it read-only (schedules excepted). */
  isIntegrated?: boolean;
  /** Its HubRise account (POS mapping): a catalog of HubRise's emulator in the demo. */
  /** The tenant's HubRise catalog (the emulator's), reached with the seed's access token. */
  hubrise?: { catalogId: string };
  defaultAdminLanguage: 'en' | 'ar' | 'es';
  defaultCurrency: 'JOD' | 'EUR' | 'USD';
  branches: {
    name: LocalizedText;
    phoneNumber: string;
    timeZone: string;
    templates: CheckoutTemplate[];
    /** The methods switched on per template; a template not listed keeps the defaults. */
    payments?: Partial<Record<PaymentTemplate, PaymentMethodType[]>>;
    /** The driver dispatch provider (the emulator in the demo). */
    dispatch?: DispatchIntegrationType;
  }[];
  taxes: {
    key: string;
    taxType: 'ADDITIVE' | 'INCLUSIVE';
    percentage: string;
    title: LocalizedText;
  }[];
  sections: DemoSection[];
  /** Not attached to any item; some choices still lack a translation (the translate screen). */
  modifierGroups?: {
    name: string;
    title: LocalizedText;
    minQuantity: number;
    maxQuantity: number;
    items: { title: LocalizedText; price: string }[];
  }[];
  zones: { title: LocalizedText; fee: string; active?: boolean }[];
  /** Tables from..to in a section, with an optional prefix; MENU tables only show the menu. */
  tableSections: {
    name: string;
    from: number;
    to: number;
    title?: string;
    template?: 'DINING' | 'MENU';
  }[];
  /** Named delivery links with their own QR codes (flyers). */
  uniqueLinks?: string[];
  /** None automatic and active: demo orders keep their menu prices unless a code is typed. */
  discounts: {
    name: LocalizedText;
    code: string;
    application: DiscountApplication;
    type: DiscountType;
    value: string;
    minOrderValue: string;
    maximumDiscountValue: string;
    usageLimit: number;
    templates: DiscountTemplate[];
    /** English titles of the affected items; none means every item. */
    items: string[];
    active: boolean;
  }[];
  users: {
    email: string;
    displayName: string;
    role: 'OrderTaker' | 'StoreManager' | 'StoreOwner';
  }[];
};

const one = (price: string) => [{ title: t('Regular', 'عادي', 'Normal'), price }];

export const demoTenants: DemoTenant[] = [
  {
    slug: 'al-bayt',
    name: t('Al Bayt Kitchen', 'مطبخ البيت', 'Cocina Al Bayt'),
    defaultAdminLanguage: 'en',
    defaultCurrency: 'JOD',
    branches: [
      {
        name: t('Abdoun', 'عبدون', 'Abdoun'),
        phoneNumber: '+962791234567',
        timeZone: 'Asia/Amman',
        templates: ['DELIVERY', 'PICKUP', 'DINING'],
        dispatch: 'THIRDPARTY_TALABAT_EXPRESS',
      },
      {
        name: t('Sweifieh', 'الصويفية', 'Sweifieh'),
        phoneNumber: '+962797654321',
        timeZone: 'Asia/Amman',
        templates: ['DELIVERY', 'PICKUP'],
        dispatch: 'THIRDPARTY_CAREEM_EXPRESS',
        // Paid online through the card gateway (its emulator in the demo), or cash.
        payments: {
          DELIVERY: ['CASH', 'CREDIT_CARD_ONLINE'],
          PICKUP: ['CASH', 'CREDIT_CARD_ONLINE'],
        },
      },
    ],
    taxes: [
      {
        key: 'vat',
        taxType: 'INCLUSIVE',
        percentage: '16',
        title: t('VAT 16%', 'ضريبة المبيعات 16%', 'IVA 16%'),
      },
      {
        key: 'service',
        taxType: 'ADDITIVE',
        percentage: '10',
        title: t('Service 10%', 'خدمة 10%', 'Servicio 10%'),
      },
    ],
    sections: [
      {
        title: t('Breakfast', 'الفطور', 'Desayuno'),
        description: t('Served until noon', 'يقدم حتى الظهر', 'Hasta el mediodía'),
        items: [
          {
            title: t('Hummus', 'حمص', 'Hummus'),
            description: t(
              'Chickpeas, tahini, olive oil',
              'حمص، طحينة، زيت زيتون',
              'Garbanzos, tahini, aceite de oliva',
            ),
            variants: [
              { title: t('Small', 'صغير', 'Pequeño'), price: '1.750' },
              { title: t('Large', 'كبير', 'Grande'), price: '2.500' },
            ],
            taxes: ['vat'],
          },
          {
            title: t('Falafel plate', 'صحن فلافل', 'Plato de falafel'),
            variants: one('2.250'),
            taxes: ['vat'],
          },
          {
            title: t('Manakish zaatar', 'مناقيش زعتر', 'Manakish de zaatar'),
            variants: one('1.000'),
            taxes: [],
            isNew: true,
          },
        ],
      },
      {
        title: t('Mains', 'الأطباق الرئيسية', 'Platos principales'),
        children: [
          {
            title: t('Grills', 'مشاوي', 'Parrilla'),
            items: [
              {
                title: t('Mixed grill', 'مشاوي مشكلة', 'Parrillada mixta'),
                variants: [
                  { title: t('For one', 'لشخص', 'Para uno'), price: '8.500' },
                  { title: t('For two', 'لشخصين', 'Para dos'), price: '15.000' },
                ],
                taxes: ['vat', 'service'],
              },
              {
                title: t('Shish tawook', 'شيش طاووق', 'Shish tawook'),
                variants: one('6.250'),
                taxes: ['vat', 'service'],
              },
            ],
          },
          {
            title: t('Sandwiches', 'سندويشات', 'Bocadillos'),
            excluded: ['DINING', 'MENU'],
            items: [
              {
                title: t('Chicken shawarma', 'شاورما دجاج', 'Shawarma de pollo'),
                variants: [
                  { title: t('Regular', 'عادي', 'Normal'), price: '2.000' },
                  { title: t('Super', 'سوبر', 'Súper'), price: '3.250' },
                ],
                taxes: ['vat'],
              },
            ],
          },
        ],
      },
      {
        title: t('Drinks', 'المشروبات', 'Bebidas'),
        children: [
          {
            title: t('Hot drinks', 'مشروبات ساخنة', 'Bebidas calientes'),
            items: [
              {
                title: t('Arabic coffee', 'قهوة عربية', 'Café árabe'),
                variants: one('1.250'),
                taxes: ['vat'],
              },
              {
                title: t('Mint tea', 'شاي بالنعناع', 'Té de menta'),
                variants: one('0.900'),
                taxes: ['vat'],
              },
            ],
          },
          {
            title: t('Cold drinks', 'مشروبات باردة', 'Bebidas frías'),
            items: [
              {
                // Not yet in Arabic: the translate screen has something to show.
                title: {
                  fieldValue: 'Fresh lemonade with mint',
                  en: 'Fresh lemonade with mint',
                  es: 'Limonada con menta',
                },
                variants: one('2.000'),
                taxes: ['vat'],
              },
            ],
          },
        ],
      },
    ],
    modifierGroups: [
      {
        name: 'Extras',
        title: t('Add extras', 'إضافات', 'Extras'),
        minQuantity: 0,
        maxQuantity: 3,
        items: [
          { title: t('Extra tahini', 'طحينة إضافية', 'Tahini extra'), price: '0.250' },
          { title: { fieldValue: 'Pickles', en: 'Pickles', ar: 'مخلل' }, price: '0.150' },
          { title: { fieldValue: 'Hot sauce' }, price: '0.100' },
        ],
      },
      // Mapped to HubRise's option lists on the POS mapping screen.
      {
        name: 'Coffee sugar',
        title: t('Sugar', 'السكر', 'Azúcar'),
        minQuantity: 0,
        maxQuantity: 1,
        items: [
          { title: t('No sugar', 'سادة', 'Sin azúcar'), price: '0' },
          { title: t('Medium', 'وسط', 'Medio'), price: '0' },
          { title: t('Sweet', 'حلوة', 'Dulce'), price: '0' },
        ],
      },
      {
        name: 'Grill extras',
        title: t('Grill extras', 'إضافات المشاوي', 'Extras de parrilla'),
        minQuantity: 0,
        maxQuantity: 3,
        items: [
          { title: t('Garlic sauce', 'ثومية', 'Salsa de ajo'), price: '0.250' },
          { title: t('French fries', 'بطاطا مقلية', 'Patatas fritas'), price: '1.000' },
        ],
      },
    ],
    hubrise: { catalogId: 'demo-catalog' },
    zones: [
      { title: t('Abdoun', 'عبدون', 'Abdoun'), fee: '1.500' },
      { title: t('Sweifieh', 'الصويفية', 'Sweifieh'), fee: '2.000' },
      { title: t('Khalda', 'خلدا', 'Khalda'), fee: '2.500' },
      { title: t('Dabouq', 'دابوق', 'Dabouq'), fee: '3.000', active: false },
    ],
    tableSections: [
      { name: 'Ground floor', from: 1, to: 10 },
      { name: 'Terrace', from: 11, to: 15 },
      { name: 'Garden', from: 16, to: 18, title: 'Garden', template: 'MENU' },
    ],
    discounts: [
      {
        name: t('Welcome 10%', 'ترحيب 10%', 'Bienvenida 10%'),
        code: 'WELCOME10',
        application: 'HIDDEN_CODE',
        type: 'PERCENTAGE',
        value: '10',
        minOrderValue: '0',
        maximumDiscountValue: '5',
        usageLimit: 0,
        templates: ['DELIVERY', 'PICKUP', 'DINING'],
        items: [],
        active: true,
      },
      {
        name: t('Free delivery over 15', 'توصيل مجاني فوق 15', 'Envío gratis desde 15'),
        code: 'FREEDELIVERY',
        application: 'MANUAL_ENTRY',
        type: 'FREE_DELIVERY',
        value: '0',
        minOrderValue: '15',
        maximumDiscountValue: '0',
        usageLimit: 500,
        templates: ['DELIVERY'],
        items: [],
        active: true,
      },
      {
        name: t(
          'Hot drinks: two for one',
          'مشروبات ساخنة: اثنان بسعر واحد',
          'Bebidas calientes: dos por uno',
        ),
        code: 'HOTDRINKS2',
        application: 'AUTOMATIC',
        type: 'BUY_ONE_GET_ONE',
        value: '0',
        minOrderValue: '0',
        maximumDiscountValue: '0',
        usageLimit: 0,
        templates: ['PICKUP', 'DINING'],
        items: ['Arabic coffee', 'Mint tea'],
        active: false,
      },
    ],
    uniqueLinks: ['Instagram', 'Flyer'],
    users: [
      { email: 'owner@demo.local', displayName: 'Lina Haddad', role: 'StoreOwner' },
      { email: 'manager@demo.local', displayName: 'Omar Khalil', role: 'StoreManager' },
      { email: 'staff@demo.local', displayName: 'Sami Nasser', role: 'OrderTaker' },
    ],
  },
  {
    slug: 'casa-verde',
    name: t('Casa Verde', 'كاسا فيردي', 'Casa Verde'),
    defaultAdminLanguage: 'es',
    defaultCurrency: 'EUR',
    branches: [
      {
        name: t('Madrid Centro', 'مدريد سنترو', 'Madrid Centro'),
        phoneNumber: '+34911234567',
        timeZone: 'Europe/Madrid',
        templates: ['DELIVERY', 'PICKUP', 'DINING'],
        dispatch: 'THIRDPARTY_YALLOW',
      },
    ],
    taxes: [
      {
        key: 'iva',
        taxType: 'INCLUSIVE',
        percentage: '10',
        title: t('IVA 10%', 'ضريبة 10%', 'IVA 10%'),
      },
    ],
    sections: [
      {
        title: t('Tapas', 'تاباس', 'Tapas'),
        items: [
          {
            title: t('Patatas bravas', 'بطاطا برافاس', 'Patatas bravas'),
            variants: one('5.50'),
            taxes: ['iva'],
          },
          {
            title: t('Spanish omelette', 'عجة إسبانية', 'Tortilla española'),
            variants: [
              { title: t('Portion', 'حصة', 'Pincho'), price: '3.20' },
              { title: t('Whole', 'كاملة', 'Entera'), price: '14.00' },
            ],
            taxes: ['iva'],
          },
        ],
      },
    ],
    zones: [{ title: t('Centro', 'المركز', 'Centro'), fee: '2.90' }],
    tableSections: [{ name: 'Sala', from: 1, to: 8 }],
    discounts: [
      {
        name: t('Tapas night', 'ليلة التاباس', 'Noche de tapas'),
        code: 'TAPAS3',
        application: 'HIDDEN_CODE',
        type: 'FIXED',
        value: '3',
        minOrderValue: '20',
        maximumDiscountValue: '0',
        usageLimit: 100,
        templates: ['DINING', 'PICKUP'],
        items: [],
        active: true,
      },
    ],
    users: [{ email: 'owner@other.local', displayName: 'Lucía Romero', role: 'StoreOwner' }],
  },
  {
    // Its menu comes from the point of sale: sign in to see the read-only menu screens.
    slug: 'burger-yard',
    name: t('Burger Yard', 'برغر يارد', 'Burger Yard'),
    isIntegrated: true,
    hubrise: { catalogId: 'burger-yard-catalog' },
    defaultAdminLanguage: 'en',
    defaultCurrency: 'JOD',
    branches: [
      {
        name: t('Rainbow Street', 'شارع الرينبو', 'Calle Rainbow'),
        phoneNumber: '+962795551234',
        timeZone: 'Asia/Amman',
        templates: ['DELIVERY', 'PICKUP'],
      },
    ],
    taxes: [
      {
        key: 'vat',
        taxType: 'INCLUSIVE',
        percentage: '16',
        title: t('VAT 16%', 'ضريبة المبيعات 16%', 'IVA 16%'),
      },
    ],
    sections: [
      {
        title: t('Burgers', 'برغر', 'Hamburguesas'),
        items: [
          {
            title: t('Classic burger', 'برغر كلاسيك', 'Hamburguesa clásica'),
            variants: [
              { title: t('Single', 'مفرد', 'Sencilla'), price: '4.500' },
              { title: t('Double', 'دبل', 'Doble'), price: '6.250' },
            ],
            taxes: ['vat'],
          },
          {
            title: t('Chicken burger', 'برغر دجاج', 'Hamburguesa de pollo'),
            variants: one('4.000'),
            taxes: ['vat'],
          },
        ],
      },
      {
        title: t('Sides', 'أطباق جانبية', 'Acompañamientos'),
        items: [
          {
            title: t('Fries', 'بطاطا مقلية', 'Patatas fritas'),
            variants: one('1.500'),
            taxes: ['vat'],
          },
        ],
      },
    ],
    zones: [{ title: t('Jabal Amman', 'جبل عمان', 'Jabal Amman'), fee: '1.000' }],
    tableSections: [],
    discounts: [],
    users: [{ email: 'owner@integrated.local', displayName: 'Rami Saleh', role: 'StoreOwner' }],
  },
];

export const demoSuperAdmin = { email: 'admin@demo.local', displayName: 'Platform Admin' };

/**
 * Accounts beside each tenant's own: a manager of both tenants (the top bar's tenant switcher)
 * and an account of the old system asked to move to a new address (the legacy email banner).
 */
export const demoSharedUsers: {
  email: string;
  displayName: string;
  roles: { tenant: string; role: 'OrderTaker' | 'StoreManager' | 'StoreOwner' }[];
  legacy?: true;
}[] = [
  {
    email: 'multi@demo.local',
    displayName: 'Rania Aziz',
    roles: [
      { tenant: 'al-bayt', role: 'StoreManager' },
      { tenant: 'casa-verde', role: 'StoreManager' },
    ],
  },
  {
    email: 'legacy@demo.local',
    displayName: 'Karim Saadeh',
    roles: [{ tenant: 'casa-verde', role: 'OrderTaker' }],
    legacy: true,
  },
];
