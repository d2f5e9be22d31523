import type {
  Language,
  OrderBucket,
  OrderingTemplate,
  PaymentMethodType,
  TicketStatus,
} from '@app/contracts';

/** The texts of the exported file, in the admin's language (the screen's own are in locales/). */
export type ReportLabels = {
  sheet: string;
  title: string;
  dates: string;
  timeZone: string;
  from: string;
  until: string;
  anyDate: string;
  ticketNumber: string;
  phoneNumber: string;
  statuses: string;
  checkoutFlows: string;
  paymentMethods: string;
  branches: string;
  deliveryZones: string;
  serviceArea: string;
  all: string;
  exportedAt: string;
  columns: {
    ticketNumber: string;
    timestamp: string;
    status: string;
    type: string;
    firstName: string;
    lastName: string;
    reservationLastName: string;
    phoneNumber: string;
    paymentMethod: string;
    branch: string;
    deliveryZone: string;
    serviceArea: string;
    total: string;
    currency: string;
  };
  count: string;
  /** The footer's lines per currency (order-buckets.ts), each with its number of orders. */
  totals: Record<OrderBucket | 'refunded', string>;
  status: Record<TicketStatus, string>;
  type: Record<OrderingTemplate, string>;
  payment: Record<PaymentMethodType, string>;
};

export const REPORT_LABELS: Record<Language, ReportLabels> = {
  en: {
    sheet: 'Orders',
    title: 'Orders report',
    dates: 'Dates',
    timeZone: 'Time zone',
    from: 'from',
    until: 'until',
    anyDate: 'All dates',
    ticketNumber: 'Order number',
    phoneNumber: 'Phone number',
    statuses: 'Statuses',
    checkoutFlows: 'Order types',
    paymentMethods: 'Payment methods',
    branches: 'Branches',
    deliveryZones: 'Delivery zones',
    serviceArea: 'Table / area',
    all: 'All',
    exportedAt: 'Exported at',
    columns: {
      ticketNumber: 'Order number',
      timestamp: 'Date and time (branch)',
      status: 'Status',
      type: 'Order type',
      firstName: 'First name',
      lastName: 'Last name',
      reservationLastName: 'Reservation last name',
      phoneNumber: 'Phone number',
      paymentMethod: 'Payment method',
      branch: 'Branch',
      deliveryZone: 'Delivery zone',
      serviceArea: 'Table / area',
      total: 'Total',
      currency: 'Currency',
    },
    count: 'Orders',
    totals: {
      sales: 'Sales',
      awaiting: 'Awaiting acceptance',
      cancelled: 'Cancelled',
      refunded: 'Of them refunded',
    },
    status: {
      UnVerified: 'Not Accepted',
      New: 'New',
      InProgress: 'In Progress',
      Completed: 'Completed',
      Cancelled: 'Cancelled',
    },
    type: { DELIVERY: 'Delivery', PICKUP: 'Pickup', DINING: 'Dine-in' },
    payment: {
      CASH: 'Cash',
      CREDIT_CARD_OFFLINE: 'Card machine',
      CREDIT_CARD_ONLINE: 'Online card',
      APPLE_PAY: 'Apple Pay',
      GOOGLE_PAY: 'Google Pay',
      ROOM_CHARGE: 'Room charge',
      PAY_LATER: 'Pay later',
    },
  },
  ar: {
    sheet: 'الطلبات',
    title: 'تقرير الطلبات',
    dates: 'التواريخ',
    timeZone: 'المنطقة الزمنية',
    from: 'من',
    until: 'حتى',
    anyDate: 'كل التواريخ',
    ticketNumber: 'رقم الطلب',
    phoneNumber: 'رقم الهاتف',
    statuses: 'الحالات',
    checkoutFlows: 'أنواع الطلب',
    paymentMethods: 'طرق الدفع',
    branches: 'الفروع',
    deliveryZones: 'مناطق التوصيل',
    serviceArea: 'الطاولة / المنطقة',
    all: 'الكل',
    exportedAt: 'تاريخ التصدير',
    columns: {
      ticketNumber: 'رقم الطلب',
      timestamp: 'التاريخ والوقت (بتوقيت الفرع)',
      status: 'الحالة',
      type: 'نوع الطلب',
      firstName: 'الاسم الأول',
      lastName: 'اسم العائلة',
      reservationLastName: 'اسم عائلة الحجز',
      phoneNumber: 'رقم الهاتف',
      paymentMethod: 'طريقة الدفع',
      branch: 'الفرع',
      deliveryZone: 'منطقة التوصيل',
      serviceArea: 'الطاولة / المنطقة',
      total: 'المجموع',
      currency: 'العملة',
    },
    count: 'الطلبات',
    totals: {
      sales: 'المبيعات',
      awaiting: 'بانتظار القبول',
      cancelled: 'ملغاة',
      refunded: 'منها مستردة',
    },
    status: {
      UnVerified: 'غير مقبول',
      New: 'جديد',
      InProgress: 'قيد التنفيذ',
      Completed: 'مكتمل',
      Cancelled: 'ملغى',
    },
    type: { DELIVERY: 'توصيل', PICKUP: 'استلام', DINING: 'تناول في المطعم' },
    payment: {
      CASH: 'نقداً',
      CREDIT_CARD_OFFLINE: 'جهاز البطاقات',
      CREDIT_CARD_ONLINE: 'بطاقة عبر الإنترنت',
      APPLE_PAY: 'Apple Pay',
      GOOGLE_PAY: 'Google Pay',
      ROOM_CHARGE: 'على حساب الغرفة',
      PAY_LATER: 'الدفع لاحقاً',
    },
  },
  es: {
    sheet: 'Pedidos',
    title: 'Informe de pedidos',
    dates: 'Fechas',
    timeZone: 'Zona horaria',
    from: 'desde',
    until: 'hasta',
    anyDate: 'Todas las fechas',
    ticketNumber: 'Número de pedido',
    phoneNumber: 'Teléfono',
    statuses: 'Estados',
    checkoutFlows: 'Tipos de pedido',
    paymentMethods: 'Métodos de pago',
    branches: 'Sucursales',
    deliveryZones: 'Zonas de entrega',
    serviceArea: 'Mesa / zona',
    all: 'Todos',
    exportedAt: 'Exportado el',
    columns: {
      ticketNumber: 'Número de pedido',
      timestamp: 'Fecha y hora (de la sucursal)',
      status: 'Estado',
      type: 'Tipo de pedido',
      firstName: 'Nombre',
      lastName: 'Apellido',
      reservationLastName: 'Apellido de la reserva',
      phoneNumber: 'Teléfono',
      paymentMethod: 'Método de pago',
      branch: 'Sucursal',
      deliveryZone: 'Zona de entrega',
      serviceArea: 'Mesa / zona',
      total: 'Total',
      currency: 'Moneda',
    },
    count: 'Pedidos',
    totals: {
      sales: 'Ventas',
      awaiting: 'Pendientes de aceptar',
      cancelled: 'Cancelados',
      refunded: 'De ellos reembolsados',
    },
    status: {
      UnVerified: 'No aceptado',
      New: 'Nuevo',
      InProgress: 'En curso',
      Completed: 'Completado',
      Cancelled: 'Cancelado',
    },
    type: { DELIVERY: 'Entrega', PICKUP: 'Recogida', DINING: 'En el local' },
    payment: {
      CASH: 'Efectivo',
      CREDIT_CARD_OFFLINE: 'Datáfono',
      CREDIT_CARD_ONLINE: 'Tarjeta en línea',
      APPLE_PAY: 'Apple Pay',
      GOOGLE_PAY: 'Google Pay',
      ROOM_CHARGE: 'Cargo a la habitación',
      PAY_LATER: 'Pagar después',
    },
  },
};
